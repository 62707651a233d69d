// The replicator with the real Litestream and real SQLite files: writes and pictures reach a
// folder replica within seconds and come back with a restore; a replica that cannot be reached is
// reported (behind, with the reason, in the log) while the database keeps taking writes, and is
// caught up once it answers; stopping it leaves no Litestream behind.
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
import { restoreFromReplica } from './restore';
import type { ReplicaTarget } from './target';
import { alive } from '@/server/test/alive';

interface Logged {
  level: string;
  message: string;
}

describe('the replicator', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const salon = async (target: (work: string) => ReplicaTarget, warnAfterSeconds?: number) => {
    const work = mkdtempSync(join(tmpdir(), 'salon-replicator-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const dataDir = join(work, 'data');
    const uploadsDir = join(dataDir, 'uploads');
    await mkdir(uploadsDir, { recursive: true });
    const database: AppDatabase = openDatabase(join(dataDir, 'salon.db'));
    migrateDatabase(database);
    cleanups.push(() => database.close());
    const logged: Logged[] = [];
    const note = (level: string) => (_: object, message: string) => logged.push({ level, message });
    const replicator: Replicator = await startReplicator({
      target: target(work),
      database: database.sqlite,
      dataDir,
      uploadsDir,
      log: { info: note('info'), warn: note('warn'), error: note('error'), debug: note('debug') },
      ...(warnAfterSeconds === undefined ? {} : { warnAfterSeconds }),
    });
    cleanups.push(() => replicator.stop());
    return { work, dataDir, uploadsDir, database, replicator, logged };
  };

  it('streams the writes and pictures to a folder within seconds, and a restore brings them back', async () => {
    const { work, uploadsDir, database, replicator } = await salon((w) => ({
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
    const wroteAt = Date.now();
    await until(
      'the writes and the picture in the replica',
      () => {
        const status = replicator.status();
        return (
          status.caughtUpAt !== null && Date.parse(status.caughtUpAt) > wroteAt + 1000 && status.picturesWaiting === 0
        );
      },
      20_000,
    );
    const pid = replicator.pid();
    expect(pid).toBeDefined();
    await replicator.stop();
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
    const { work, database, replicator, logged } = await salon(
      () => ({
        kind: 's3',
        bucket: 'salon',
        prefix: 'rose',
        endpoint: `http://127.0.0.1:${String(port)}`,
        region: undefined,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      }),
      2,
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
  }, 90_000);
});
