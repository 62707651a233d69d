// What the replicator reads from Litestream: how far behind its metrics say the replica is, its
// log lines in words, and the configuration it is given for the salon's two files.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CatchUp, litestreamConfig, problemInWords, PROBLEM_MAX, readLogLine, readMetrics } from './litestream';

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
  const caughtUp = (tracker: CatchUp, text: string, now: number, lastWrite = 0) =>
    tracker.read(readMetrics(text, [DB, PICTURES]).positions, () => lastWrite, now);

  it('is caught up when the replica holds the whole shadow log of both files', () => {
    expect(caughtUp(new CatchUp(), metrics([0, 16512, 0, 16512], [2, 4152, 2, 4152]), 1000)).toBe(true);
  });

  it('is behind when one file has changes the replica lacks, or before it has reported', () => {
    expect(caughtUp(new CatchUp(), metrics([0, 222512, 0, 16512], [0, 1, 0, 1]), 1000)).toBe(false);
    expect(caughtUp(new CatchUp(), metrics([0, 1, 0, 1], [5, 32, 4, 9000]), 1000)).toBe(false);
    expect(caughtUp(new CatchUp(), `litestream_shadow_wal_index{db="${DB}"} 0`, 1000)).toBe(false);
    // A new generation began (the shadow index starts again at 0): the gauges still hold the old
    // generation's position, which is not the new one's.
    expect(caughtUp(new CatchUp(), metrics([0, 4152, 7, 32], [0, 1, 0, 1]), 1000)).toBe(false);
  });

  it('learns the fixed distance a restarted Litestream keeps, once the replica has moved past the last write', () => {
    const tracker = new CatchUp();
    const written = 10_000;
    // Restarted on a log it had partly copied: the shadow is 4 MiB ahead, and stays so.
    expect(caughtUp(tracker, metrics([3, 4_849_304, 3, 49_472], [0, 1, 0, 1]), 10_500, written)).toBe(false);
    expect(caughtUp(tracker, metrics([3, 4_853_424, 3, 659_232], [0, 1, 0, 1]), 11_000, written)).toBe(false);
    // Unmoved since a move after the write, for longer than a copy takes: everything is copied.
    expect(caughtUp(tracker, metrics([3, 4_853_424, 3, 659_232], [0, 1, 0, 1]), 13_600, written)).toBe(true);
    // The next write and its copy keep the same distance: caught up at once.
    expect(caughtUp(tracker, metrics([3, 4_869_904, 3, 675_712], [0, 1, 0, 1]), 20_000, 19_000)).toBe(true);
    // A write the replica has not taken: behind.
    expect(caughtUp(tracker, metrics([3, 4_886_384, 3, 675_712], [0, 1, 0, 1]), 21_000, 20_500)).toBe(false);
  });

  it('is not caught up by a replica that has not moved since the last write', () => {
    const tracker = new CatchUp();
    expect(caughtUp(tracker, metrics([0, 9000, 0, 4152], [0, 1, 0, 1]), 1000, 500)).toBe(false);
    // It moved before the write, then nothing: the write is not in the copy, however long it waits.
    expect(caughtUp(tracker, metrics([0, 9000, 0, 4152], [0, 1, 0, 1]), 60_000, 1500)).toBe(false);
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

  it('says the usual failures in the salon’s words, the tool’s after them, and never at length', () => {
    expect(problemInWords('monitor error: dial tcp 127.0.0.1:9: connect: connection refused')).toBe(
      'The replica cannot be reached (monitor error: dial tcp 127.0.0.1:9: connect: connection refused)',
    );
    expect(
      problemInWords('monitor error: InvalidAccessKeyId: The AWS Access Key Id you provided does not exist'),
    ).toMatch(/^The replica refused the keys or the password \(/);
    expect(problemInWords('monitor error: NoSuchBucket: The specified bucket does not exist')).toMatch(
      /^The bucket does not exist \(/,
    );
    expect(problemInWords('something new')).toBe('something new');
    expect(problemInWords('x'.repeat(5000))).toHaveLength(PROBLEM_MAX);
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
    expect(config.dbs[0]).toMatchObject({ 'monitor-interval': '250ms' });
    // Keys go to Litestream's environment, never into a file.
    expect(JSON.stringify(config)).not.toMatch(/"K"|"S"/);
  });
});
