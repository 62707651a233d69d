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
interface Positions {
  shadowIndex?: number;
  shadowSize?: number;
  replicaIndex?: number;
  replicaOffset?: number;
}

/** What the metrics say. */
export interface MetricsReading {
  /** Every file streamed has all its local changes in the replica. */
  caughtUp: boolean;
  /** Failed attempts to copy so far (they grow while the replica cannot be reached). */
  syncErrors: number;
}

/**
 * Reads Litestream's Prometheus text for the files at `paths`: caught up when, for every file,
 * the replica's position (WAL index and offset) has reached the end of the local shadow log.
 */
export function readMetrics(text: string, paths: string[]): MetricsReading {
  const positions = new Map<string, Positions>(paths.map((path) => [path, {}]));
  let syncErrors = 0;
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
    else if (metric === 'sync_error_count') syncErrors += value;
  }
  const caughtUp = [...positions.values()].every(
    (p) =>
      p.shadowIndex !== undefined &&
      p.shadowSize !== undefined &&
      p.replicaIndex !== undefined &&
      p.replicaOffset !== undefined &&
      (p.replicaIndex > p.shadowIndex || (p.replicaIndex === p.shadowIndex && p.replicaOffset >= p.shadowSize)),
  );
  return { caughtUp, syncErrors };
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
