// The replicator with the real Litestream and real SQLite files: writes and pictures reach a
// folder replica within seconds and come back with a restore; a replica that cannot be reached is
// reported (behind, with the reason, in the log) while the database keeps taking writes, and is
// caught up once it answers; one that never answers counts as behind; a restore as of a moment
// between two runs of the server is the first run's end; stopping it leaves no Litestream behind.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type AppDatabase } from '@/server/db/client';
import { freePort } from '@/server/free-port';
import { startS3Server, type S3Store } from '@/server/test/s3-server';
import { until } from '@/server/test/until';
import { startReplicator, type Replicator } from './replicator';
import { litestreamBinary } from './litestream';
import { restoreFromReplica } from './restore';
import type { ReplicaTarget } from './target';
import { alive } from '@/server/test/alive';

interface Logged {
  level: string;
  message: string;
}

describe('the replicator', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  // A stop waits up to 5 s for Litestream's last copy; a slow machine gets room for two of them.
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }, 30_000);

  /** A fresh folder for a salon: its data folder (with uploads/) inside, removed afterwards. */
  const workFolder = async (prefix: string) => {
    const work = mkdtempSync(join(tmpdir(), prefix));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const dataDir = join(work, 'data');
    const uploadsDir = join(dataDir, 'uploads');
    await mkdir(uploadsDir, { recursive: true });
    return { work, dataDir, uploadsDir };
  };

  /**
   * A run of the server on `dataDir`: its database opened and migrated, streamed to `target`.
   * `stop` ends it as a server's stop does (Litestream's last copy, then the database closed); once.
   */
  const streaming = async (
    dataDir: string,
    target: ReplicaTarget,
    options: { warnAfterSeconds?: number; silentStartMs?: number; env?: NodeJS.ProcessEnv } = {},
  ) => {
    const database: AppDatabase = openDatabase(join(dataDir, 'salon.db'));
    migrateDatabase(database);
    const logged: Logged[] = [];
    const note = (level: string) => (_: object, message: string) => logged.push({ level, message });
    const replicator: Replicator = await startReplicator({
      target,
      database: database.sqlite,
      dataDir,
      uploadsDir: join(dataDir, 'uploads'),
      log: { info: note('info'), warn: note('warn'), error: note('error'), debug: note('debug') },
      ...options,
    });
    let stopped: Promise<void> | undefined;
    const stop = () =>
      (stopped ??= replicator.stop().finally(() => {
        database.close();
      }));
    cleanups.push(stop);
    return { database, replicator, logged, stop };
  };

  const salon = async (
    target: (work: string) => ReplicaTarget,
    options: { warnAfterSeconds?: number; silentStartMs?: number; env?: NodeJS.ProcessEnv } = {},
  ) => {
    const folder = await workFolder('salon-replicator-');
    return { ...folder, ...(await streaming(folder.dataDir, target(folder.work), options)) };
  };

  /** Waits until the replicator reports a copy made more than a second after `since` (it then holds what was written before). */
  const caughtUpSince = (replicator: Replicator, since: number, also: () => boolean = () => true) =>
    until(
      'the replica to catch up',
      () => {
        const status = replicator.status();
        return status.caughtUpAt !== null && Date.parse(status.caughtUpAt) > since + 1000 && also();
      },
      20_000,
    );

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('streams the writes and pictures to a folder within seconds, and a restore brings them back', async () => {
    const { work, uploadsDir, database, replicator, stop } = await salon((w) => ({
      kind: 'folder',
      path: join(w, 'replica'),
    }));
    await until(
      'the first copy',
      () => replicator.status().state === 'running' && replicator.status().behindSeconds === 0,
      20_000,
    );
    expect(replicator.status()).toMatchObject({ target: join(work, 'replica'), picturesWaiting: 0, problem: null });

    database.sqlite.exec('CREATE TABLE marks (n INTEGER)');
    const insert = database.sqlite.prepare('INSERT INTO marks (n) VALUES (?)');
    for (let n = 0; n < 200; n += 1) insert.run(n);
    const picture = randomBytes(50_000);
    writeFileSync(join(uploadsDir, 'a1b2c3.webp'), picture);
    await caughtUpSince(replicator, Date.now(), () => replicator.status().picturesWaiting === 0);
    const pid = replicator.pid();
    expect(pid).toBeDefined();
    await stop();
    expect(alive(pid ?? 0), 'Litestream has exited').toBe(false);

    const restored = join(work, 'restored');
    const result = await restoreFromReplica({
      target: { kind: 'folder', path: join(work, 'replica') },
      dataDir: restored,
    });
    expect(result.pictures).toBe(1);
    const copy = new Database(join(restored, 'salon.db'), { readonly: true });
    try {
      expect(copy.prepare('SELECT count(*) AS n FROM marks').get()).toEqual({ n: 200 });
    } finally {
      copy.close();
    }
    expect(readFileSync(join(restored, 'uploads', 'a1b2c3.webp')).equals(picture)).toBe(true);
    // And never over a database that exists.
    await expect(
      restoreFromReplica({ target: { kind: 'folder', path: join(work, 'replica') }, dataDir: restored }),
    ).rejects.toThrow(/salon\.db exists: restore into an empty data folder/);
    // Nor over a pictures file; and a restore that fails leaves its folder as it was.
    const withPictures = join(work, 'with-pictures');
    mkdirSync(withPictures);
    writeFileSync(join(withPictures, 'pictures.db'), '');
    await expect(
      restoreFromReplica({ target: { kind: 'folder', path: join(work, 'replica') }, dataDir: withPictures }),
    ).rejects.toThrow(/pictures\.db exists/);
    const failed = join(work, 'failed');
    await expect(
      restoreFromReplica({ target: { kind: 'folder', path: join(work, 'no-copy-here') }, dataDir: failed }),
    ).rejects.toThrow(/no copy of the database/);
    expect(readdirSync(failed)).toEqual([]);
  }, 60_000);

  it('restores a moment between two runs of the server as the first run ended, and one in the second run as then', async () => {
    const { work, dataDir } = await workFolder('salon-generations-');
    const replica: ReplicaTarget = { kind: 'folder', path: join(work, 'replica') };
    /** One run of the server: streamed while `write` runs, then stopped, its database closed. */
    const run = async (write: (database: AppDatabase) => void | Promise<void>) => {
      const { database, replicator, stop } = await streaming(dataDir, replica);
      try {
        await caughtUpSince(replicator, Date.now());
        await write(database);
        await caughtUpSince(replicator, Date.now());
      } finally {
        await stop();
      }
    };
    const insert = (database: AppDatabase, from: number, count: number) => {
      const statement = database.sqlite.prepare('INSERT INTO marks (n) VALUES (?)');
      for (let n = from; n < from + count; n += 1) statement.run(n);
    };

    await run((database) => {
      database.sqlite.exec('CREATE TABLE marks (n INTEGER)');
      insert(database, 0, 100);
    });
    // No server runs: a quiet moment between the two.
    await sleep(1500);
    const betweenRuns = new Date().toISOString();
    await sleep(1500);
    let duringSecond = '';
    await run(async (database) => {
      insert(database, 100, 50);
      await sleep(2500);
      duringSecond = new Date().toISOString();
      await sleep(1500);
      insert(database, 150, 50);
    });
    // Each run began a generation of its own (the stop closed the database, and its log with it).
    expect(readdirSync(join(work, 'replica', 'database', 'generations'))).toHaveLength(2);

    const marksAsOf = async (at: string | undefined, folder: string) => {
      await restoreFromReplica({ target: replica, dataDir: join(work, folder), at });
      const copy = new Database(join(work, folder, 'salon.db'), { readonly: true });
      try {
        return copy.prepare('SELECT count(*) AS n, max(n) AS last FROM marks').get();
      } finally {
        copy.close();
      }
    };
    expect(await marksAsOf(betweenRuns, 'between')).toEqual({ n: 100, last: 99 });
    expect(await marksAsOf(duringSecond, 'during')).toEqual({ n: 150, last: 149 });
    expect(await marksAsOf(undefined, 'latest')).toEqual({ n: 200, last: 199 });
  }, 90_000);

  it('counts a Litestream that never answers as behind once it has been silent too long, and running once it answers', async () => {
    // The real Litestream, held frozen before it starts (as a stuck process would be) until the test lets it go.
    const held = mkdtempSync(join(tmpdir(), 'salon-held-'));
    cleanups.push(() => rmSync(held, { recursive: true, force: true }));
    const pidFile = join(held, 'pid');
    const wrapper = join(held, 'litestream');
    writeFileSync(wrapper, `#!/bin/sh\necho $$ > '${pidFile}'\nkill -STOP $$\nexec '${litestreamBinary()}' "$@"\n`, {
      mode: 0o755,
    });
    const { replicator, logged } = await salon((w) => ({ kind: 'folder', path: join(w, 'replica') }), {
      warnAfterSeconds: 1,
      silentStartMs: 3000,
      env: { ...process.env, LITESTREAM_PATH: wrapper },
    });
    // Let go before the replicator stops (clean-ups run last first), should the test fail while it is held.
    let frozen = 0;
    cleanups.push(() => {
      if (frozen > 0 && alive(frozen)) process.kill(frozen, 'SIGCONT');
    });
    frozen = await until('the held Litestream', () =>
      existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) || undefined : undefined,
    );
    expect(replicator.status()).toMatchObject({ state: 'starting', behindSeconds: null });
    const behind = await until(
      'the silent Litestream to count as behind',
      () => (replicator.status().state === 'behind' ? replicator.status() : undefined),
      10_000,
    );
    // Behind since it started: the silent seconds count.
    expect(behind.behindSeconds).toBeGreaterThanOrEqual(3);
    await until('the warning in the log', () =>
      logged.some((line) => line.level === 'warn' && line.message.includes('more than 1 s behind')),
    );

    process.kill(frozen, 'SIGCONT');
    await until(
      'the replica to catch up once Litestream answers',
      () => replicator.status().state === 'running' && replicator.status().behindSeconds === 0,
      20_000,
    );
  }, 60_000);

  it('keeps a $ in a folder’s name as written (Litestream is not let expand it)', async () => {
    const { work, replicator } = await salon((w) => ({ kind: 'folder', path: join(w, 'copy-$HOME') }));
    await until(
      'the first copy',
      () => replicator.status().state === 'running' && replicator.status().behindSeconds === 0,
      20_000,
    );
    expect(existsSync(join(work, 'copy-$HOME', 'database', 'generations'))).toBe(true);
  }, 60_000);

  it('reports a replica it cannot reach, keeps the salon writing, and catches up once the replica answers', async () => {
    const port = await freePort();
    const { work, database, replicator, logged, stop } = await salon(
      () => ({
        kind: 's3',
        bucket: 'salon',
        prefix: 'rose',
        endpoint: `http://127.0.0.1:${String(port)}`,
        region: undefined,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
      { warnAfterSeconds: 2 },
    );
    database.sqlite.exec('CREATE TABLE marks (n INTEGER)');
    const behind = await until(
      'the replicator to report it is behind',
      () => {
        const status = replicator.status();
        return status.state === 'behind' && status.problem !== null ? status : undefined;
      },
      30_000,
    );
    expect(behind.behindSeconds).toBeGreaterThan(2);
    expect(behind.problem).toMatch(/connection refused|dial tcp/i);
    await until('the warning in the log', () =>
      logged.some((line) => line.level === 'warn' && line.message.includes('more than 2 s behind')),
    );
    // The salon keeps working meanwhile.
    database.sqlite.prepare('INSERT INTO marks (n) VALUES (1)').run();

    const store: S3Store = await startS3Server(join(work, 's3'), { port });
    cleanups.push(() => store.close());
    await until(
      'the replica to catch up',
      () => replicator.status().state === 'running' && replicator.status().behindSeconds === 0,
      30_000,
    );
    expect(replicator.status().problem).toBeNull();
    expect(logged.some((line) => line.level === 'info' && line.message.includes('caught up'))).toBe(true);
    expect(existsSync(join(work, 's3', 'salon', 'rose', 'database'))).toBe(true);
    // Stopped while the replica still answers: its last copy goes through, not into a closed store.
    await stop();
  }, 90_000);
  /** A salon streaming to an S3 store of its own whose copies take `slowMs` each once it has caught up, stopped while one is under way. */
  const stoppedMidCopy = async (slowMs: number) => {
    const folder = await workFolder('salon-slow-replica-');
    const store: S3Store = await startS3Server(join(folder.work, 's3'));
    cleanups.push(() => store.close());
    const target: ReplicaTarget = {
      kind: 's3',
      bucket: store.bucket,
      prefix: 'rose',
      endpoint: store.url,
      region: undefined,
      accessKeyId: store.accessKeyId,
      secretAccessKey: store.secretAccessKey,
    };
    const { database, replicator, logged, stop } = await streaming(folder.dataDir, target);
    database.sqlite.exec('CREATE TABLE marks (n INTEGER)');
    await caughtUpSince(replicator, Date.now());
    store.slowWrites(slowMs);
    database.sqlite.prepare('INSERT INTO marks (n) VALUES (1)').run();
    await until('a copy under way', () => store.writesUnderWay() > 0, 10_000);
    const before = logged.length;
    await stop();
    return { folder, target, stopLog: logged.slice(before) };
  };

  it('stops in the middle of a copy to a slow replica with nothing in its log but the stop, and the last write in the replica', async () => {
    // Each copy takes 1.5 s: the stop comes while one is under way, and cancels it.
    const { folder, target, stopLog } = await stoppedMidCopy(1500);
    expect(stopLog.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);

    const restored = join(folder.work, 'restored');
    await restoreFromReplica({ target, dataDir: restored });
    const copy = new Database(join(restored, 'salon.db'), { readonly: true });
    try {
      expect(copy.prepare('SELECT count(*) AS n FROM marks').get()).toEqual({ n: 1 });
    } finally {
      copy.close();
    }
  }, 60_000);

  it('says so when a stop cuts short a last copy that takes too long', async () => {
    // Each copy takes 8 s, longer than a stop waits for the last one (5 s).
    const { stopLog } = await stoppedMidCopy(8000);
    expect(stopLog).toContainEqual({
      level: 'warn',
      message: expect.stringContaining('had not finished its last copy after 5 s') as string,
    });
  }, 60_000);
});
