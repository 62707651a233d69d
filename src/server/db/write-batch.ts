// Group commit for the writes that must not race (bookings). With synchronous=FULL every commit
// waits for the disk (an fsync of the WAL), and better-sqlite3 commits one transaction at a time:
// one booking per commit caps bookings per second at the disk's fsync rate. Instead, the bookings
// that arrive together run one after another inside ONE IMMEDIATE transaction, each in its own
// savepoint (so a refused one undoes only itself), and all are answered after that single commit.
// Each still sees every booking before it, so the checks and the unique index work as before.
// See docs/decisions/0015-server-speed.md.
import type { Db, DbOrTx } from './client';

interface Job {
  work: (tx: DbOrTx) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const queues = new WeakMap<Db, Job[]>();

function flush(db: Db): void {
  const jobs = queues.get(db) ?? [];
  queues.delete(db);
  if (jobs.length === 0) return;
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    db.transaction(
      (tx) => {
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, value: tx.transaction((savepoint) => job.work(savepoint)) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    // BEGIN or COMMIT failed (the database busy beyond its timeout, a full disk): nothing was saved.
    for (const job of jobs) job.reject(error);
    return;
  }
  jobs.forEach((job, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok) job.resolve(outcome.value);
    else job.reject(outcome?.error);
  });
}

/**
 * Runs `work` inside an IMMEDIATE transaction shared with the other writes queued in the same
 * turn of the event loop; resolves with its result once the transaction is committed, or rejects
 * with what `work` threw (its own changes undone, the others' kept).
 */
export function batchedWrite<T>(db: Db, work: (tx: DbOrTx) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let jobs = queues.get(db);
    if (!jobs) {
      jobs = [];
      queues.set(db, jobs);
      setImmediate(() => flush(db));
    }
    jobs.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
}
