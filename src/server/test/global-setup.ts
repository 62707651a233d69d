import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/** Migrates one template database; every test file copies it (see ./test-db.ts). */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'salon-template-'));
  const file = join(dir, 'template.db');
  const database = openDatabase(file);
  migrateDatabase(database);
  // One self-contained file to copy: fold the WAL back in.
  database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  database.sqlite.pragma('journal_mode = DELETE');
  database.close();
  project.provide('templateDatabase', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
