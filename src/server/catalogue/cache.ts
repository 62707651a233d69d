// The public catalogue's answers (services, specialists) kept in memory: they are read on every
// page view and change only when an admin edits them. One cache per database connection; it is
// emptied after every admin mutation (trpc/init.ts, whether /trpc or /api/v1 sent it) and when
// another process committed to the file (SQLite's `data_version`: a script, a restore). That check
// costs three system calls, more than the rest of a cached answer, so it stands for a millisecond:
// another process's change shows from the first request a millisecond after its commit.
// It holds at most MAX_ENTRIES answers, the least recently used going first, so no mix of
// requests can make it grow without end. See docs/decisions/0015-server-speed.md.
import type Database from 'better-sqlite3';
import type { DbOrTx } from '@/server/db/client';
import { connectionOf, dataVersion } from '@/server/db/statements';
import { keepRecent } from '@/server/recent-map';

/** How long one look at `data_version` stands, in milliseconds. */
export const RECHECK_AFTER_MS = 1;

/**
 * The most answers one connection keeps. The keys are the public lists, their shared HTTP answers
 * and the public pages per salon day and closed banner: a few dozen on a busy day. A rendered
 * page is under 100 kB with its gzipped copy, so the cache stays within tens of megabytes.
 */
export const MAX_ENTRIES = 300;

interface Entries {
  /** `PRAGMA data_version` when the entries were made. */
  version: number;
  /** When that version was last read (`performance.now()`). */
  checkedAt: number;
  values: Map<string, unknown>;
}

const caches = new WeakMap<Database.Database, Entries>();

/**
 * The connection's entries, emptied first if another connection has committed since it was
 * last checked, at most RECHECK_AFTER_MS ago.
 */
function entriesOf(db: DbOrTx): Entries {
  const connection = connectionOf(db);
  let entries = caches.get(connection);
  const now = performance.now();
  if (entries !== undefined && now - entries.checkedAt < RECHECK_AFTER_MS) return entries;
  const version = dataVersion(db);
  if (entries?.version === version) {
    entries.checkedAt = now;
  } else {
    entries = { version, checkedAt: now, values: new Map() };
    caches.set(connection, entries);
  }
  return entries;
}

/** Adds `value` under `key` as the most recent entry, dropping the least recently used past the limit. */
function keep(entries: Entries, key: string, value: unknown): void {
  keepRecent(entries.values, key, value, MAX_ENTRIES);
}

/** The value under `key`, or undefined; a hit becomes the most recently used (a Map keeps insertion order). */
function lookUp(entries: Entries, key: string): unknown {
  const value = entries.values.get(key);
  if (value !== undefined) keep(entries, key, value);
  return value;
}

/** The value remembered under `key`, or undefined. */
export function recall(db: DbOrTx, key: string): unknown {
  return lookUp(entriesOf(db), key);
}

/** Remembers `value` under `key` until the catalogue changes. */
export function remember<T>(db: DbOrTx, key: string, value: T): T {
  keep(entriesOf(db), key, value);
  return value;
}

/** The value under `key`, computed (and remembered) when there is none. */
export function remembered<T>(db: DbOrTx, key: string, compute: () => T): T {
  const entries = entriesOf(db);
  if (entries.values.has(key)) return lookUp(entries, key) as T;
  const value = compute();
  keep(entries, key, value);
  return value;
}

/** What the cache holds now: pass it to `rememberIfCurrent` with a value computed after it. */
export function cacheGeneration(db: DbOrTx): object {
  return entriesOf(db);
}

/**
 * Remembers `value` under `key` unless the catalogue changed since `generation` was taken: an
 * answer computed across an await may predate an admin's edit and must not outlive it.
 */
export function rememberIfCurrent<T>(db: DbOrTx, generation: object, key: string, value: T): T {
  const entries = entriesOf(db);
  if (entries === generation) keep(entries, key, value);
  return value;
}

/** How many answers the connection keeps now (what MAX_ENTRIES bounds). */
export function cachedEntryCount(db: DbOrTx): number {
  return caches.get(connectionOf(db))?.values.size ?? 0;
}

/** Forgets everything remembered for this database: its catalogue may have changed. */
export function forgetCatalogue(db: DbOrTx): void {
  caches.delete(connectionOf(db));
}
