// `npm run restore`: the salon's database and pictures brought back from a replica into an empty
// data folder, as they are now or as they were at a moment (Litestream's point-in-time restore).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import {
  litestreamArgs,
  litestreamBinary,
  litestreamConfig,
  problemInWords,
  readLogLine,
  streamedPaths,
} from './litestream';
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
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/i.exec(
    text.trim(),
  );
  if (!parts) throw new RestoreRefused(`--at "${text}" must be a moment with its zone, such as 2026-11-25T16:00:00Z`);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((group) => Number(parts[group] ?? 0));
  // The 30th of February is not rolled over into March.
  const calendar = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0));
  if (
    calendar.getUTCMonth() !== (month ?? 1) - 1 ||
    calendar.getUTCDate() !== day ||
    calendar.getUTCHours() !== hour ||
    calendar.getUTCMinutes() !== minute ||
    calendar.getUTCSeconds() !== second
  ) {
    throw new RestoreRefused(`--at "${text}" is not a real moment`);
  }
  return new Date(text.trim()).toISOString();
}

async function litestream(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    return (await run(binary, args, { env, maxBuffer: 64 * 1024 * 1024 })).stdout;
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
  const text = lines.at(-1)?.text ?? (error instanceof Error ? error.message : String(error));
  return problemInWords(text);
}

/** One generation of a file's replica (Litestream begins one at each start): its first and last moments. */
interface Generation {
  name: string;
  first: number;
  last: number;
}

/** The generations the replica of `file` holds, from its snapshots and log segments (times to the second). */
async function generationsOf(binary: string, configFile: string, file: string, env: NodeJS.ProcessEnv) {
  const found = new Map<string, Generation>();
  for (const command of ['snapshots', 'wal']) {
    const output = await litestream(binary, [...litestreamArgs(command, configFile), file], env);
    for (const line of output.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const name = columns[1];
      const created = Date.parse(columns.at(-1) ?? '');
      if (name === undefined || Number.isNaN(created)) continue;
      const known = found.get(name);
      found.set(name, {
        name,
        first: Math.min(known?.first ?? created, created),
        last: Math.max(known?.last ?? created, created),
      });
    }
  }
  return [...found.values()];
}

/**
 * Restores `file` as of `at` (or the latest). A moment inside a generation is restored to it; a
 * moment between two (the server was restarting, or the salon quiet) is the state the earlier one
 * ended with; a moment before the first is refused. `optional`: a replica without this file
 * restores nothing (pictures, before they were streamed).
 */
async function restoreAsOf(
  binary: string,
  configFile: string,
  file: string,
  env: NodeJS.ProcessEnv,
  at: string | undefined,
  what: { name: string; where: string; optional: boolean },
): Promise<void> {
  const generations = await generationsOf(binary, configFile, file, env);
  if (generations.length === 0) {
    if (what.optional) return;
    throw new RestoreRefused(`no copy of the ${what.name} at ${what.where}`);
  }
  const restore = (extra: string[]) =>
    litestream(binary, [...litestreamArgs('restore', configFile), ...extra, file], env);
  if (at === undefined) {
    await restore([]);
    return;
  }
  const moment = Date.parse(at);
  const first = Math.min(...generations.map((generation) => generation.first));
  if (moment < first) {
    if (what.optional) return;
    throw new RestoreRefused(
      `the copy at ${what.where} begins at ${new Date(first).toISOString()}: nothing to restore as of ${at}`,
    );
  }
  const newest = (list: Generation[]) => list.reduce((a, b) => (b.last > a.last ? b : a));
  // Litestream prints times to the second: a moment in a generation's last second counts as in it.
  const holding = generations.filter((generation) => generation.first <= moment && moment < generation.last + 1000);
  if (holding.length > 0) {
    const generation = newest(holding).name;
    try {
      await restore(['-generation', generation, '-timestamp', at]);
    } catch (error) {
      // After the generation's last change, within that second: its last state.
      if (!(error instanceof RestoreRefused && /no matching backups/i.test(error.message))) throw error;
      await restore(['-generation', generation]);
    }
    return;
  }
  await restore(['-generation', newest(generations.filter((generation) => generation.last <= moment)).name]);
}

/**
 * True when the replica holds a copy of the database. A server that finds no database in its data
 * folder must not start streaming to such a replica: its new, empty salon would become the copy's
 * latest state, and a restore would bring back that instead of the salon (index.ts).
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
    return (await generationsOf(binary, configFile, streamedPaths(dataDir).database, keys)).length > 0;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Restores into `dataDir`, which must hold neither database: salon.db (checked with
 * integrity_check) and pictures.db, whose pictures are written out to uploads/. `at`: a moment
 * (restoreMoment), or the latest state. Both files are restored into a folder of their own first
 * and moved into place only once checked, so a failed restore leaves `dataDir` as it was.
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
  for (const file of [paths.database, `${paths.database}-wal`, paths.pictures]) {
    if (existsSync(file)) {
      throw new RestoreRefused(`${file} exists: restore into an empty data folder (--to), never over a database`);
    }
  }
  const binary = litestreamBinary(env);
  await mkdir(dataDir, { recursive: true });
  const scratch = await mkdtemp(join(dataDir, '.restoring-'));
  try {
    const restored = streamedPaths(scratch);
    const configFile = join(scratch, 'litestream.yml');
    await writeFile(configFile, litestreamConfig(target, scratch), { mode: 0o600 });
    const where = describeTarget(target);
    await restoreAsOf(binary, configFile, restored.database, env, options.at, {
      name: 'database',
      where,
      optional: false,
    });
    // A replica made before pictures were streamed has none: the database alone is restored.
    await restoreAsOf(binary, configFile, restored.pictures, env, options.at, {
      name: 'pictures',
      where,
      optional: true,
    });

    const copy = new Database(restored.database, { readonly: true });
    let bookings: number;
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new RestoreRefused(`the restored database fails its integrity check: ${String(check)}`);
      bookings = copy.prepare<[], { n: number }>('SELECT count(*) AS n FROM bookings').get()?.n ?? 0;
    } finally {
      copy.close();
    }
    const picturesRestored = existsSync(restored.pictures);
    const pictures = picturesRestored ? await unpackPictures(restored.pictures, join(dataDir, 'uploads')) : 0;
    // The pictures first: a database in place is a restore done.
    if (picturesRestored) await rename(restored.pictures, paths.pictures);
    await rename(restored.database, paths.database);
    return { databaseFile: paths.database, bookings, pictures };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
