// Streams the salon off the box while the server runs (REPLICA_URL): Litestream copies every write
// of salon.db and pictures.db to the target within about a second; the picture shipper keeps
// pictures.db holding uploads/. A replica that cannot be reached is logged and tried again while
// the salon keeps working; a Litestream that exits is started again. The state (how far behind,
// the last problem) is read from Litestream's metrics every second.
import { spawn, type ChildProcess } from 'node:child_process';
import type Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '@/server/free-port';
import { REPLICATION_WARN_SECONDS, type ReplicationStatus } from '@/shared/schemas/backups';
import {
  CatchUp,
  isStopNoise,
  litestreamBinary,
  litestreamConfig,
  problemInWords,
  readLogLine,
  readMetrics,
  streamedPaths,
} from './litestream';
import { startPictureShipper } from './pictures';
import { childRunning, signalQuietly } from './processes';
import { describeTarget, litestreamKeys, type ReplicaTarget } from './target';

const POLL_MS = 1000;
/** Waits before starting Litestream again after it exited, growing with each exit in a row. */
const RESTART_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];
/** A problem that persists is logged again at most this often. */
const REPEAT_LOG_MS = 60_000;
/**
 * Litestream tries a failed copy again only when a file next changes: a quiet salon whose replica
 * was unreachable would stay behind. While it is behind after a failure, the replicator writes its
 * mark after these waits (growing), which is such a change.
 */
const RETRY_DELAYS_MS = [5000, 15_000, 30_000, 60_000];
/** How long a stop waits for Litestream's last copy before killing it. */
const STOP_WAIT_MS = 5000;
/** With no word from Litestream for this long after its start, it counts as behind since then. */
const SILENT_START_MS = 30_000;

/**
 * Litestream runs under a small shell, in its own process group (a Ctrl-C in the terminal is the
 * server's to handle), that ends it when the server's end of its standard input closes: SIGTERM,
 * so it copies what is left first, then SIGKILL ten seconds later if it has not exited. So it
 * never outlives the server, even one killed with SIGKILL, and two never stream the same file.
 */
const WATCHED = `
exec 3<&0
"$1" replicate -config "$2" -no-expand-env </dev/null &
child=$!
( while read -r _ <&3; do :; done; kill -TERM "$child" 2>/dev/null; sleep 10; kill -KILL "$child" 2>/dev/null ) &
watcher=$!
wait "$child"
status=$?
kill "$watcher" 2>/dev/null
exit $status
`;

interface Logger {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
  debug: (object: object, message: string) => void;
}

export interface Replicator {
  status(): ReplicationStatus;
  /** Litestream's process id, while it runs (the disaster drill kills it). */
  pid(): number | undefined;
  /** The server is shutting down: Litestream is not started again if it exits from here on. */
  shuttingDown(): void;
  /** Stops streaming, after Litestream's last copy. */
  stop(): Promise<void>;
}

export async function startReplicator(options: {
  target: ReplicaTarget;
  /** The open salon.db (the replicator writes its mark there: replicationHeartbeat). */
  database: Database.Database;
  dataDir: string;
  uploadsDir: string;
  log: Logger;
  env?: NodeJS.ProcessEnv;
  /** Behind by more than this is a warning (tests shorten it). */
  warnAfterSeconds?: number;
  /** With no word from Litestream for this long after its start, it counts as behind (tests shorten it). */
  silentStartMs?: number;
}): Promise<Replicator> {
  const { target, dataDir, log } = options;
  const warnAfter = options.warnAfterSeconds ?? REPLICATION_WARN_SECONDS;
  const silentStart = options.silentStartMs ?? SILENT_START_MS;
  const env = options.env ?? process.env;
  const binary = litestreamBinary(env);
  const paths = streamedPaths(dataDir);
  const targetText = describeTarget(target);
  const shipper = startPictureShipper({ uploadsDir: options.uploadsDir, storeFile: paths.pictures, log });
  const configDir = join(dataDir, 'replication');
  await mkdir(configDir, { recursive: true, mode: 0o700 });
  const configFile = join(configDir, 'litestream.yml');
  const mark = options.database.prepare(
    'INSERT INTO replication_heartbeat (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at',
  );
  /** A change to each file: Litestream copies it (or tries again) at once. */
  const nudge = () => {
    mark.run(new Date().toISOString());
    shipper.heartbeat();
  };

  const catchUp = new CatchUp();
  const lastWriteAt = (path: string) => {
    try {
      return statSync(`${path}-wal`).mtimeMs;
    } catch {
      return 0;
    }
  };
  const startedAt = Date.now();
  let caughtUpAt: number | null = null;
  let metricsSeen = false;
  let problem: string | null = null;
  let child: ChildProcess | null = null;
  let litestreamPid: number | undefined;
  let metricsPort = 0;
  let exitsInARow = 0;
  let stopping = false;
  let warnedBehind = false;
  let launchedAt = startedAt;
  let nudgedSinceLaunch = false;
  let failedSinceCaughtUp = false;
  let lastNudge = 0;
  let retries = 0;
  const lastLogged = new Map<string, number>();

  /** Records a problem, and logs it once, and again only after a minute if it persists. */
  const report = (level: 'warn' | 'error', text: string) => {
    problem = problemInWords(text);
    const now = Date.now();
    if (now - (lastLogged.get(text) ?? 0) < REPEAT_LOG_MS) return;
    lastLogged.set(text, now);
    log[level]({ replica: targetText }, `replication: ${problem}`);
  };

  const launch = async () => {
    metricsPort = await freePort();
    await writeFile(configFile, litestreamConfig(target, dataDir, metricsPort), { mode: 0o600 });
    // The file may hold an SSH password: only this user may read it, whatever made it before.
    await chmod(configFile, 0o600);
    if (stopping) return;
    const shell = spawn('/bin/sh', ['-c', WATCHED, 'salon-replicator', binary, configFile], {
      stdio: ['pipe', 'ignore', 'pipe'],
      env: { ...env, ...litestreamKeys(target) },
      detached: true,
    });
    child = shell;
    metricsSeen = false;
    launchedAt = Date.now();
    nudgedSinceLaunch = false;
    const lines = createInterface({ input: shell.stderr });
    lines.on('line', (line) => {
      const entry = readLogLine(line);
      if (!entry) return;
      if (stopping && isStopNoise(entry.text)) log.debug({ replica: targetText }, `litestream: ${entry.text}`);
      else if (entry.level === 'ERROR') {
        failedSinceCaughtUp = true;
        report('error', entry.text);
      } else if (entry.level === 'WARN') report('warn', entry.text);
      else log.debug({ replica: targetText }, `litestream: ${entry.text}`);
    });
    shell.on('exit', (code, signal) => {
      child = null;
      litestreamPid = undefined;
      if (stopping) return;
      const delay = RESTART_DELAYS_MS[Math.min(exitsInARow, RESTART_DELAYS_MS.length - 1)] ?? 30_000;
      exitsInARow += 1;
      report('error', `the replicator stopped (${signal ?? `exit code ${String(code)}`}); starting it again`);
      setTimeout(() => {
        if (!stopping) void launch().catch((error: unknown) => report('error', String(error)));
      }, delay).unref();
    });
  };

  const behindSeconds = () => {
    if (!metricsSeen && caughtUpAt === null && Date.now() - startedAt < silentStart) return null;
    return Math.max(0, Math.floor((Date.now() - (caughtUpAt ?? startedAt)) / 1000));
  };

  /** Logs once that the replica is behind by more than warnAfter, until it catches up. */
  const warnIfBehind = () => {
    const behind = behindSeconds();
    if (behind === null || behind <= warnAfter || warnedBehind) return;
    warnedBehind = true;
    log.warn(
      { replica: targetText, behindSeconds: behind, problem },
      `replication: the replica is more than ${String(warnAfter)} s behind`,
    );
  };

  const poll = async () => {
    if (child === null) return;
    if (litestreamPid === undefined && child.pid !== undefined)
      litestreamPid = childRunning(child.pid, (program) => program === binary);
    let text: string;
    try {
      const answer = await fetch(`http://127.0.0.1:${String(metricsPort)}/metrics`, {
        signal: AbortSignal.timeout(900),
      });
      text = await answer.text();
    } catch {
      // Not listening yet, or restarting; or stuck, which is said once it has been silent too long.
      warnIfBehind();
      return;
    }
    metricsSeen = true;
    if (!nudgedSinceLaunch) {
      // Litestream reports the replica's position only once it has copied something: a change to
      // each file as it starts makes it copy (or fail to) at once, and say where the replica stands.
      nudgedSinceLaunch = true;
      nudge();
    }
    const reading = readMetrics(text, Object.values(paths));
    if (catchUp.read(reading.positions, lastWriteAt, Date.now())) {
      caughtUpAt = Date.now();
      exitsInARow = 0;
      retries = 0;
      failedSinceCaughtUp = false;
      problem = null;
      if (warnedBehind) log.info({ replica: targetText }, 'replication: the replica has caught up');
      warnedBehind = false;
      return;
    }
    const retryAfter = RETRY_DELAYS_MS[Math.min(retries, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
    if (failedSinceCaughtUp && Date.now() - Math.max(lastNudge, launchedAt) >= retryAfter) {
      retries += 1;
      lastNudge = Date.now();
      nudge();
    }
    warnIfBehind();
  };

  await launch();
  const poller = setInterval(() => void poll(), POLL_MS);
  poller.unref();
  log.info({ replica: targetText }, 'replication: streaming the database and pictures');

  return {
    status() {
      const behind = behindSeconds();
      const state: ReplicationStatus['state'] =
        child === null ? 'down' : behind === null ? 'starting' : behind > warnAfter ? 'behind' : 'running';
      return {
        state,
        target: targetText,
        behindSeconds: behind,
        caughtUpAt: caughtUpAt === null ? null : new Date(caughtUpAt).toISOString(),
        picturesWaiting: shipper.waiting(),
        problem,
      };
    },
    pid: () => litestreamPid,
    shuttingDown() {
      stopping = true;
    },
    async stop() {
      stopping = true;
      clearInterval(poller);
      await shipper.shipNow();
      shipper.close();
      const running = child;
      if (!running) return;
      await new Promise<void>((done) => {
        const force = setTimeout(() => {
          log.warn(
            { replica: targetText },
            `replication: Litestream had not finished its last copy after ${String(STOP_WAIT_MS / 1000)} s and was stopped; the last writes may be missing from the replica`,
          );
          if (litestreamPid !== undefined) signalQuietly(litestreamPid, 'SIGKILL');
          running.kill('SIGKILL');
        }, STOP_WAIT_MS);
        running.once('exit', () => {
          clearTimeout(force);
          done();
        });
        // The shell ends Litestream when its input closes: Litestream copies what is left, then exits.
        running.stdin?.end();
      });
    },
  };
}
