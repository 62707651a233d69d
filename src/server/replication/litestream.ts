// Litestream (0.3, installed by npm on Linux x64 as @flydotio/litestream-linux-x64, or
// LITESTREAM_PATH): its binary, its configuration for the salon's two files, and what its
// metrics say about how far the replica is behind.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { litestreamReplica, STREAMED_FILES, type ReplicaTarget, type StreamedFile } from './target';

/** How often Litestream copies new writes to the replica; what a crash can lose is about this long. */
export const SYNC_INTERVAL = '1s';
/** How long the replica keeps history: a restore can go back this far (`--at`). */
export const RETENTION = '168h';
/** A full copy this often, so a restore replays at most a day of changes. */
export const SNAPSHOT_INTERVAL = '24h';
/** How often Litestream looks for new writes (its default is a second): a write is copied within about 1.25 s. */
export const MONITOR_INTERVAL = '250ms';

/**
 * Litestream's arguments for `command` with the configuration in `configFile`. Its environment is
 * never expanded in the file: a `$` in a password or a folder's name is kept as written.
 */
export const litestreamArgs = (command: string, configFile: string): string[] => [
  command,
  '-config',
  configFile,
  '-no-expand-env',
];

export class LitestreamMissing extends Error {
  override name = 'LitestreamMissing';
}

/** The Litestream binary: LITESTREAM_PATH, else the one npm installed for Linux x64. */
export function litestreamBinary(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.LITESTREAM_PATH?.trim();
  if (given) {
    if (!existsSync(given)) throw new LitestreamMissing(`LITESTREAM_PATH: no file at ${given}`);
    return given;
  }
  try {
    const manifest = createRequire(import.meta.url).resolve('@flydotio/litestream-linux-x64/package.json');
    const binary = join(dirname(manifest), 'litestream');
    if (existsSync(binary)) return binary;
  } catch {
    // Not installed: another platform than Linux x64 (an optional dependency).
  }
  throw new LitestreamMissing(
    `Litestream is not installed for this platform (${process.platform}-${process.arch}): install it and set LITESTREAM_PATH`,
  );
}

/** The files' paths in a data folder. */
export const streamedPaths = (dataDir: string): Record<StreamedFile, string> => ({
  database: join(dataDir, STREAMED_FILES.database),
  pictures: join(dataDir, STREAMED_FILES.pictures),
});

/**
 * Litestream's configuration (YAML) for the salon's database and pictures in `dataDir`;
 * `metricsPort`: its metrics on 127.0.0.1 (the replicator reads how far behind it is there).
 */
export function litestreamConfig(target: ReplicaTarget, dataDir: string, metricsPort?: number): string {
  const paths = streamedPaths(dataDir);
  const config = {
    ...(metricsPort === undefined ? {} : { addr: `127.0.0.1:${String(metricsPort)}` }),
    logging: { level: 'info', type: 'text', stderr: true },
    dbs: (Object.keys(paths) as StreamedFile[]).map((file) => ({
      path: paths[file],
      'monitor-interval': MONITOR_INTERVAL,
      replicas: [
        {
          name: file,
          ...litestreamReplica(target, file),
          'sync-interval': SYNC_INTERVAL,
          retention: RETENTION,
          'snapshot-interval': SNAPSHOT_INTERVAL,
        },
      ],
    })),
  };
  return stringify(config);
}

/** One file's positions in Litestream's metrics: its local shadow log, and what the replica holds. */
export interface Positions {
  shadowIndex?: number;
  shadowSize?: number;
  replicaIndex?: number;
  replicaOffset?: number;
}

/** What the metrics say. */
export interface MetricsReading {
  /** By file path. */
  positions: Map<string, Positions>;
}

/** Reads Litestream's Prometheus text for the files at `paths`. */
export function readMetrics(text: string, paths: string[]): MetricsReading {
  const positions = new Map<string, Positions>(paths.map((path) => [path, {}]));
  for (const line of text.split('\n')) {
    const match = /^litestream_(\w+)\{([^}]*)\}\s+(\S+)$/.exec(line);
    if (!match) continue;
    const [, metric, labels = '', raw] = match;
    const db = /(?:^|,)db="([^"]*)"/.exec(labels)?.[1];
    const entry = db === undefined ? undefined : positions.get(db);
    if (!entry) continue;
    const value = Number(raw);
    if (metric === 'shadow_wal_index') entry.shadowIndex = value;
    else if (metric === 'shadow_wal_size') entry.shadowSize = value;
    else if (metric === 'replica_wal_index') entry.replicaIndex = value;
    else if (metric === 'replica_wal_offset') entry.replicaOffset = value;
  }
  return { positions };
}

/**
 * A copy made after this long past a file's last write holds it: Litestream sees a write within
 * its monitor interval (250 ms) and copies to the end of its shadow log every second, and the
 * replicator sees the copy's position move at its next look (every second).
 */
const SYNC_COVERS_MS = 1500;
/** A replica position unmoved this long after a move that followed the last write: nothing is left to copy. */
const QUIET_MS = 2500;

/**
 * Whether the replica holds every write, from Litestream's gauges read every second. Normally the
 * replica's position reaches the end of the shadow log. After Litestream restarts on a log it had
 * partly copied, the two stay a fixed number of bytes apart even when everything is copied (the
 * gauges carry no generation and count from different starts): once the replica's position has
 * moved after the last write by more than a copy's round, that difference is learned as "caught
 * up" for that log (until the next one begins).
 */
export class CatchUp {
  private readonly gaps = new Map<string, { index: number; bytes: number }>();
  private readonly replicaSeen = new Map<string, { at: string; movedAt: number }>();

  /** `lastWriteAt`: each file's last write (its WAL's modification time, ms). */
  read(positions: Map<string, Positions>, lastWriteAt: (path: string) => number, now: number): boolean {
    let all = true;
    for (const [path, p] of positions) {
      if (
        p.shadowIndex === undefined ||
        p.shadowSize === undefined ||
        p.replicaIndex === undefined ||
        p.replicaOffset === undefined
      ) {
        all = false;
        continue;
      }
      const at = `${String(p.replicaIndex)}:${String(p.replicaOffset)}`;
      const seen = this.replicaSeen.get(path);
      const movedAt = seen?.at === at ? seen.movedAt : now;
      this.replicaSeen.set(path, { at, movedAt });
      // Another log than the shadow's (the gauges carry no generation): not caught up.
      if (p.replicaIndex !== p.shadowIndex) {
        all = false;
        continue;
      }
      const gap = this.gaps.get(path);
      const allowed = gap?.index === p.shadowIndex ? gap.bytes : 0;
      const apart = p.shadowSize - p.replicaOffset;
      if (apart <= allowed) continue;
      // The replica moved after the last write, late enough to have copied it, or then stayed put
      // for longer than Litestream takes to copy again what a copy under way missed.
      const written = lastWriteAt(path);
      if (
        seen !== undefined &&
        movedAt > written &&
        (movedAt >= written + SYNC_COVERS_MS || now - movedAt >= QUIET_MS)
      ) {
        this.gaps.set(path, { index: p.shadowIndex, bytes: apart });
        continue;
      }
      all = false;
    }
    return all;
  }
}

/**
 * Litestream's own log line (`time=... level=ERROR msg="..." error="..."`) as its level and a
 * sentence (the message and error), or null for another line.
 */
export function readLogLine(line: string): { level: string; text: string } | null {
  const level = /\blevel=(\w+)/.exec(line)?.[1];
  if (level === undefined) return null;
  const field = (name: string) =>
    new RegExp(`\\b${name}=("(?:[^"\\\\]|\\\\.)*"|\\S+)`).exec(line)?.[1]?.replace(/^"|"$/g, '').replace(/\\"/g, '"');
  const text = [field('msg'), field('error')].filter(Boolean).join(': ');
  return { level: level.toUpperCase(), text: text.replace(/\\n/g, ' ') };
}

/** The usual failures, in the salon's words; the tool's own words follow in brackets. */
const PROBLEMS: [RegExp, string][] = [
  [
    /connection refused|no such host|i\/o timeout|network is unreachable|dial tcp|no route to host/i,
    'The replica cannot be reached',
  ],
  [
    /InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|Forbidden|NoCredentialProviders|unable to authenticate|permission denied/i,
    'The replica refused the keys or the password',
  ],
  [/NoSuchBucket/i, 'The bucket does not exist'],
  [/no space left/i, 'The replica has no space left'],
];

/**
 * Whether a Litestream error, seen while it stops, is only its own stop: the signal cancels the
 * copy under way ("context canceled"), and Litestream then makes its last copy afresh (0.3's
 * DB.Close syncs every replica again with a new context). That copy's own failure is another error,
 * and one that takes too long is cut short with a warning (the replicator's stop).
 */
export const isStopNoise = (text: string): boolean => /\bcontext canceled\b/i.test(text);

/** At most this many characters of a problem are kept (Settings → Backups shows it). */
export const PROBLEM_MAX = 600;

/** Litestream's error line as a sentence an owner can act on, with the tool's words after it. */
export function problemInWords(text: string): string {
  const known = PROBLEMS.find(([pattern]) => pattern.test(text))?.[1];
  const sentence = known === undefined ? text : `${known} (${text})`;
  return sentence.length <= PROBLEM_MAX ? sentence : `${sentence.slice(0, PROBLEM_MAX - 1)}…`;
}
