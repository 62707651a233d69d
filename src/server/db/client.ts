import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { count } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;
/** A database handle or an open transaction on it: what a query helper accepts. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** How many rows a table holds. */
export function rowCount(db: DbOrTx, table: SQLiteTable): number {
  return db.select({ n: count() }).from(table).get()?.n ?? 0;
}

/** An open database: the Drizzle handle for queries and the raw handle for pragmas and backups. */
export interface AppDatabase {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * Opens (creating if needed) the SQLite file with the settings every connection needs:
 * WAL so readers never wait for the writer, synchronous=FULL so an answered write survives a
 * power cut, a busy timeout for a second process, and foreign keys enforced.
 */
export function openDatabase(file: string): AppDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema });
  return { db, sqlite, close: () => sqlite.close() };
}

/** Applies every migration in `drizzle/` not yet applied. Safe to call at every start. */
export function migrateDatabase(database: AppDatabase): void {
  migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
}
