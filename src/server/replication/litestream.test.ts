// What the replicator reads from Litestream: how far behind its metrics say the replica is, its
// log lines in words, and the configuration it is given for the salon's two files.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { litestreamConfig, readLogLine, readMetrics } from './litestream';

const DB = '/data/salon.db';
const PICTURES = '/data/pictures.db';
const metrics = (database: [number, number, number, number], pictures: [number, number, number, number]) =>
  [DB, PICTURES]
    .map((path, index) => {
      const [shadowIndex, shadowSize, replicaIndex, replicaOffset] = index === 0 ? database : pictures;
      return [
        `# HELP litestream_shadow_wal_index The current shadow WAL index`,
        `litestream_shadow_wal_index{db="${path}"} ${String(shadowIndex)}`,
        `litestream_shadow_wal_size{db="${path}"} ${String(shadowSize)}`,
        `litestream_replica_wal_index{db="${path}",name="database"} ${String(replicaIndex)}`,
        `litestream_replica_wal_offset{db="${path}",name="database"} ${String(replicaOffset)}`,
        `litestream_sync_error_count{db="${path}"} ${String(index)}`,
      ].join('\n');
    })
    .join('\n');

describe('Litestream', () => {
  it('is caught up when the replica holds the whole shadow log of both files', () => {
    expect(readMetrics(metrics([0, 16512, 0, 16512], [2, 4152, 2, 4152]), [DB, PICTURES])).toEqual({
      caughtUp: true,
      syncErrors: 1,
    });
    expect(readMetrics(metrics([3, 100, 4, 32], [0, 1, 0, 1]), [DB, PICTURES]).caughtUp).toBe(true);
  });

  it('is behind when one file has changes the replica lacks, or before it has reported', () => {
    expect(readMetrics(metrics([0, 222512, 0, 16512], [0, 1, 0, 1]), [DB, PICTURES]).caughtUp).toBe(false);
    expect(readMetrics(metrics([0, 1, 0, 1], [5, 32, 4, 9000]), [DB, PICTURES]).caughtUp).toBe(false);
    expect(readMetrics(`litestream_shadow_wal_index{db="${DB}"} 0`, [DB, PICTURES]).caughtUp).toBe(false);
    expect(readMetrics('', [DB]).caughtUp).toBe(false);
  });

  it('reads its log lines as a level and a sentence', () => {
    expect(
      readLogLine(
        'time=2026-11-27T06:44:51.861Z level=ERROR msg="monitor error" db=/data/salon.db error="s3: put \\"x\\": connection refused"',
      ),
    ).toEqual({ level: 'ERROR', text: 'monitor error: s3: put "x": connection refused' });
    expect(readLogLine('time=2026-11-27T06:44:32.339Z level=INFO msg=litestream version=v0.3.13')).toEqual({
      level: 'INFO',
      text: 'litestream',
    });
    expect(readLogLine('panic: runtime error')).toBeNull();
  });

  it('streams both files, each to its own folder of the target, with metrics on the loopback address only', () => {
    const config = parse(
      litestreamConfig(
        {
          kind: 's3',
          bucket: 'b',
          prefix: 'p',
          endpoint: undefined,
          region: undefined,
          accessKeyId: 'K',
          secretAccessKey: 'S',
        },
        '/data',
        9391,
      ),
    ) as { addr: string; dbs: { path: string; replicas: Record<string, unknown>[] }[] };
    expect(config.addr).toBe('127.0.0.1:9391');
    expect(config.dbs.map((db) => db.path)).toEqual([DB, PICTURES]);
    expect(config.dbs.map((db) => db.replicas[0]?.path)).toEqual(['p/database', 'p/pictures']);
    expect(config.dbs[0]?.replicas[0]).toMatchObject({ 'sync-interval': '1s', retention: '168h' });
    // Keys go to Litestream's environment, never into a file.
    expect(JSON.stringify(config)).not.toMatch(/"K"|"S"/);
  });
});
