import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { count } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';
import { projectPath } from '@/server/paths';

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

/** How long a connection waits for another's write lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

export const MIGRATIONS_DIR = projectPath('drizzle');

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
  sqlite.pragma(`busy_timeout = ${String(BUSY_TIMEOUT_MS)}`);
  sqlite.pragma('foreign_keys = ON');
  // What is deleted or overwritten is zeroed on its page, not left in free space for a copy of
  // the file to give away (a deleted customer's name and e-mail: docs/decisions/0030-erasure.md).
  sqlite.pragma('secure_delete = ON');
  const db = drizzle(sqlite, { schema });
  return { db, sqlite, close: () => sqlite.close() };
}

/**
 * Copies the write-ahead log into the database file and empties it: the log's older frames hold
 * pages as they were before a deletion, so a deletion that must leave nothing behind ends here.
 * It does not wait for a reader on an older snapshot (the thread would stand still): while one
 * holds it (the other thread, a backup in another process), it tries again every second, for up
 * to ten minutes.
 */
export function emptyWriteAheadLog(connection: Database.Database, triesLeft = 600): void {
  if (!connection.open) return;
  connection.pragma('busy_timeout = 0');
  let busy: boolean;
  try {
    const [result] = connection.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    busy = result?.busy !== 0;
  } finally {
    connection.pragma(`busy_timeout = ${String(BUSY_TIMEOUT_MS)}`);
  }
  if (!busy || triesLeft <= 1) return;
  setTimeout(() => {
    emptyWriteAheadLog(connection, triesLeft - 1);
  }, 1000).unref();
}

/** Migrations applied before pages were zeroed on deletion (`secure_delete`, migration 0010). */
const MIGRATIONS_BEFORE_SECURE_DELETE = 10;

/**
 * Applies every migration in `drizzle/` not yet applied. Safe to call at every start. A database
 * written before deleted content was zeroed is rebuilt once (VACUUM), so what was deleted before
 * the upgrade leaves its free pages too.
 */
export function migrateDatabase(database: AppDatabase): void {
  const applied = appliedMigrations(database.sqlite);
  migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
  if (applied > 0 && applied <= MIGRATIONS_BEFORE_SECURE_DELETE) {
    database.sqlite.exec('VACUUM');
    emptyWriteAheadLog(database.sqlite);
  }
}

function appliedMigrations(sqlite: Database.Database): number {
  const table = sqlite
    .prepare<[], { n: number }>(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
    )
    .get();
  if (!table?.n) return 0;
  return sqlite.prepare<[], { n: number }>('SELECT count(*) AS n FROM __drizzle_migrations').get()?.n ?? 0;
}
