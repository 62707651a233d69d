// The salon's pictures, kept for the replica as rows of a second SQLite file (pictures.db beside
// salon.db), so the one replicator streams them to every kind of target with the database, and a
// point-in-time restore brings back the pictures of that moment (docs/decisions/0043-replication.md).
// A picture never changes once written (its name is random, uploads are never rewritten), so a
// name in the table is a picture in the copy. One removed from uploads/ (replaced, or its owner's
// account deleted) is removed from the table too: the replica's history keeps it for a restore to
// an earlier moment, for its retention only (docs/decisions/0030-erasure.md).
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** A full look at uploads/ this often, besides the changes the folder reports. */
const RESCAN_MS = 30_000;
/** Changes reported within this long are taken together. */
const SETTLE_MS = 100;

/** Names the server writes (random hex, the demo's names): a temporary `.name.tmp` starts with a dot. */
const PICTURE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function openPictureStore(file: string): Database.Database {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  // A removed picture's bytes are zeroed, not left in free pages (as in salon.db).
  sqlite.pragma('secure_delete = ON');
  sqlite.exec(`CREATE TABLE IF NOT EXISTS pictures (
    name TEXT PRIMARY KEY NOT NULL,
    bytes BLOB NOT NULL,
    stored_at TEXT NOT NULL
  ) WITHOUT ROWID`);
  sqlite.exec('CREATE TABLE IF NOT EXISTS heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), at TEXT NOT NULL)');
  return sqlite;
}

export interface PictureShipper {
  /** Pictures in uploads/ not yet in pictures.db (as of the last look). */
  waiting(): number;
  /** Writes the replicator's mark (replicator.ts: a change for Litestream to copy at once). */
  heartbeat(): void;
  /** Copies what is missing now; resolves when done (tests, shutdown). */
  shipNow(): Promise<void>;
  close(): void;
}

/**
 * Keeps pictures.db holding every picture in `uploadsDir`: at once, when the folder reports a
 * change, and every half minute. A failure (a file removed while read) is logged and tried again
 * at the next look.
 */
export function startPictureShipper(options: {
  uploadsDir: string;
  storeFile: string;
  log: { warn: (object: object, message: string) => void };
}): PictureShipper {
  const store = openPictureStore(options.storeFile);
  const known = new Set(
    store
      .prepare<[], { name: string }>('SELECT name FROM pictures')
      .all()
      .map((row) => row.name),
  );
  const insert = store.prepare('INSERT OR IGNORE INTO pictures (name, bytes, stored_at) VALUES (?, ?, ?)');
  const remove = store.prepare('DELETE FROM pictures WHERE name = ?');
  let waiting = 0;
  let warnedEmpty = false;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const ship = async () => {
    let names: string[];
    try {
      names = (await readdir(options.uploadsDir)).filter((name) => PICTURE_NAME.test(name));
    } catch (error) {
      // No folder (not made yet, or moved away for a moment) is not "every picture deleted".
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const present = new Set(names);
    const removed = [...known].filter((name) => !present.has(name));
    if (names.length === 0 && removed.length > 0) {
      // Every picture gone at once is a folder replaced or an empty disk mounted over it, not an
      // owner's doing: the copies are kept.
      if (!warnedEmpty)
        options.log.warn(
          { uploadsDir: options.uploadsDir },
          'pictures: the uploads folder is empty; the copies are kept',
        );
      warnedEmpty = true;
    } else {
      warnedEmpty = false;
      for (const name of removed) {
        remove.run(name);
        known.delete(name);
      }
    }
    const missing = names.filter((name) => !known.has(name));
    waiting = missing.length;
    for (const name of missing) {
      if (closed) return;
      let bytes: Buffer;
      try {
        bytes = await readFile(join(options.uploadsDir, name));
      } catch (error) {
        // Removed between the listing and the read: nothing to keep.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          waiting -= 1;
          continue;
        }
        throw error;
      }
      insert.run(name, bytes, new Date().toISOString());
      known.add(name);
      waiting -= 1;
    }
  };

  const shipNow = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = ship()
      .catch((error: unknown) => {
        options.log.warn({ err: error }, 'pictures: could not copy a picture for the replica; trying again');
      })
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          void shipNow();
        }
      });
    return running;
  };

  let settle: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const watchFolder = async () => {
    await mkdir(options.uploadsDir, { recursive: true });
    if (closed) return;
    watcher = watch(options.uploadsDir, () => {
      clearTimeout(settle);
      settle = setTimeout(() => void shipNow(), SETTLE_MS);
    });
    watcher.on('error', (error) => options.log.warn({ err: error }, 'pictures: the uploads folder cannot be watched'));
  };
  void watchFolder().then(() => shipNow());
  const rescan = setInterval(() => void shipNow(), RESCAN_MS);
  rescan.unref();

  const beat = store.prepare(
    'INSERT INTO heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at',
  );
  return {
    waiting: () => waiting,
    heartbeat: () => {
      if (!closed) beat.run(new Date().toISOString());
    },
    async shipNow() {
      await shipNow();
      // A look asked for during one under way runs after it.
      while (running) await running;
    },
    close() {
      closed = true;
      clearInterval(rescan);
      clearTimeout(settle);
      watcher?.close();
      store.close();
    },
  };
}

/**
 * Writes every picture of a restored pictures.db into `uploadsDir` (those already there are left
 * as they are). Returns how many it wrote.
 */
export async function unpackPictures(storeFile: string, uploadsDir: string): Promise<number> {
  const store = new Database(storeFile, { readonly: true });
  try {
    await mkdir(uploadsDir, { recursive: true });
    const present = new Set(await readdir(uploadsDir));
    let written = 0;
    for (const row of store
      .prepare<[], { name: string; bytes: Buffer }>('SELECT name, bytes FROM pictures')
      .iterate()) {
      if (!PICTURE_NAME.test(row.name) || present.has(row.name)) continue;
      const temporary = join(uploadsDir, `.${row.name}.restore.tmp`);
      await writeFile(temporary, row.bytes);
      await rename(temporary, join(uploadsDir, row.name));
      written += 1;
    }
    return written;
  } finally {
    store.close();
  }
}
