// `npm run restore`: the salon's database and pictures brought back from a replica into an empty
// data folder, as they are now or as they were at a moment (Litestream's point-in-time restore).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { litestreamBinary, litestreamConfig, readLogLine, streamedPaths } from './litestream';
import { unpackPictures } from './pictures';
import { describeTarget, litestreamKeys, type ReplicaTarget } from './target';

const run = promisify(execFile);

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreResult {
  databaseFile: string;
  bookings: number;
  pictures: number;
}

/** A moment as Litestream reads it (RFC 3339 in UTC), or a RestoreRefused saying what is wrong. */
export function restoreMoment(text: string): string {
  // A date and a time with its zone: a bare time would be read in the box's own zone, silently.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(text.trim())) {
    throw new RestoreRefused(`--at "${text}" must be a moment with its zone, such as 2026-11-25T16:00:00Z`);
  }
  const moment = new Date(text.trim());
  if (Number.isNaN(moment.getTime())) throw new RestoreRefused(`--at "${text}" is not a real moment`);
  return moment.toISOString();
}

/** Litestream's restore of one file; its error line in words when it fails. */
async function restoreFile(binary: string, configFile: string, file: string, env: NodeJS.ProcessEnv, extra: string[]) {
  try {
    await run(binary, ['restore', '-config', configFile, ...extra, file], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new RestoreRefused(litestreamError(error));
  }
}

function litestreamError(error: unknown): string {
  const output = (error as { stderr?: string }).stderr ?? '';
  const lines = output
    .split('\n')
    .map(readLogLine)
    .filter((entry) => entry?.level === 'ERROR');
  return lines.at(-1)?.text ?? (error instanceof Error ? error.message : String(error));
}

/**
 * The first and last moments the replica of `file` holds (its snapshots' and log segments' times,
 * to the second), or null when it holds nothing.
 */
async function heldMoments(binary: string, configFile: string, file: string, env: NodeJS.ProcessEnv) {
  const times: number[] = [];
  for (const command of ['snapshots', 'wal']) {
    let output: string;
    try {
      ({ stdout: output } = await run(binary, [command, '-config', configFile, file], {
        env,
        maxBuffer: 64 * 1024 * 1024,
      }));
    } catch (error) {
      throw new RestoreRefused(litestreamError(error));
    }
    for (const line of output.split('\n').slice(1)) {
      const created = line.trim().split(/\s+/).at(-1);
      if (created && !Number.isNaN(Date.parse(created))) times.push(Date.parse(created));
    }
  }
  if (times.length === 0) return null;
  return { first: Math.min(...times), last: Math.max(...times) };
}

/**
 * Restores `file` as of `at` (or the latest). Litestream finds no copy for a moment after the
 * replica's last change (a quiet evening): the state then is the latest, so that is restored.
 * `optional`: a replica without this file restores nothing (pictures, before they were streamed).
 */
async function restoreAsOf(
  binary: string,
  configFile: string,
  file: string,
  env: NodeJS.ProcessEnv,
  at: string | undefined,
  what: { name: string; where: string; optional: boolean },
): Promise<void> {
  const held = await heldMoments(binary, configFile, file, env);
  if (held === null) {
    if (what.optional) return;
    throw new RestoreRefused(`no copy of the ${what.name} at ${what.where}`);
  }
  // Litestream prints times to the second: a moment in the last one is tried as a moment first.
  if (at === undefined || Date.parse(at) >= held.last + 1000) {
    await restoreFile(binary, configFile, file, env, []);
    return;
  }
  if (Date.parse(at) < held.first) {
    if (what.optional) return;
    throw new RestoreRefused(
      `the copy at ${what.where} begins at ${new Date(held.first).toISOString()}: nothing to restore as of ${at}`,
    );
  }
  try {
    await restoreFile(binary, configFile, file, env, ['-timestamp', at]);
  } catch (error) {
    if (!(error instanceof RestoreRefused && /no matching backups/i.test(error.message))) throw error;
    await restoreFile(binary, configFile, file, env, []);
  }
}

/**
 * True when the replica holds a copy of the database. A server that finds no database in its data
 * folder must not start streaming to such a replica: its new, empty salon would become the copy's
 * latest state, and a restore would bring back that instead of the salon (replicator.ts's caller).
 */
export async function replicaHoldsDatabase(
  target: ReplicaTarget,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
) {
  const keys = { ...env, ...litestreamKeys(target) };
  const binary = litestreamBinary(keys);
  const scratch = await mkdtemp(join(tmpdir(), 'salon-replica-'));
  try {
    const configFile = join(scratch, 'litestream.yml');
    await writeFile(configFile, litestreamConfig(target, dataDir), { mode: 0o600 });
    return (await heldMoments(binary, configFile, streamedPaths(dataDir).database, keys)) !== null;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Restores into `dataDir`, which must hold no database: salon.db (checked with integrity_check)
 * and pictures.db, whose pictures are written out to uploads/. `at`: a moment (restoreMoment), or
 * the latest state.
 */
export async function restoreFromReplica(options: {
  target: ReplicaTarget;
  dataDir: string;
  at?: string | undefined;
  env?: NodeJS.ProcessEnv;
}): Promise<RestoreResult> {
  const { target, dataDir } = options;
  const env = { ...(options.env ?? process.env), ...litestreamKeys(target) };
  const paths = streamedPaths(dataDir);
  for (const file of [paths.database, `${paths.database}-wal`]) {
    if (existsSync(file)) {
      throw new RestoreRefused(`${file} exists: restore into an empty data folder (--to), never over a database`);
    }
  }
  const binary = litestreamBinary(env);
  await mkdir(dataDir, { recursive: true });
  const scratch = await mkdtemp(join(tmpdir(), 'salon-restore-'));
  try {
    const configFile = join(scratch, 'litestream.yml');
    await writeFile(configFile, litestreamConfig(target, dataDir), { mode: 0o600 });
    const where = describeTarget(target);
    await restoreAsOf(binary, configFile, paths.database, env, options.at, {
      name: 'database',
      where,
      optional: false,
    });
    // A replica made before pictures were streamed has none: the database alone is restored.
    await restoreAsOf(binary, configFile, paths.pictures, env, options.at, { name: 'pictures', where, optional: true });
    const pictures = existsSync(paths.pictures) ? await unpackPictures(paths.pictures, join(dataDir, 'uploads')) : 0;

    const restored = new Database(paths.database, { readonly: true });
    try {
      const check = restored.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new RestoreRefused(`the restored database fails its integrity check: ${String(check)}`);
      const bookings = restored.prepare<[], { n: number }>('SELECT count(*) AS n FROM bookings').get()?.n ?? 0;
      return { databaseFile: paths.database, bookings, pictures };
    } finally {
      restored.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
    // Litestream restores under a temporary name and leaves that name's empty log files behind.
    for (const file of Object.values(paths)) {
      for (const suffix of ['.tmp-shm', '.tmp-wal']) await rm(`${file}${suffix}`, { force: true });
    }
  }
}
