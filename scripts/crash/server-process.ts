// The real server entry (src/server/index.ts) as a child process, for the tests that need what an
// in-process app cannot give: a second process on the same database file, a SIGKILL, a SIGTERM.
// `node --import tsx` rather than the tsx CLI: one process, so the pid we signal is the server's.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@/server/free-port';
import { signalQuietly } from '@/server/replication/processes';

const PROJECT_DIR = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  /** `http://localhost:<port>`, also its PUBLIC_URL (the Origin its state-changing requests need). */
  url: string;
  pid: number;
  /** The last few KB of its output, for failure messages. */
  log(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
  /** Ctrl-C in the terminal it was started from: SIGINT to its whole process group (`ownGroup`). */
  interrupt(): void;
  /** SIGKILL unless it has ended already; for clean-up paths. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  dataDir: string;
  /** Extra environment (NODE_ENV, SEED_DEMO, SALON_TIMEZONE...). */
  env?: Record<string, string>;
  /** A port to reuse (a restart on the same address); a free one otherwise. */
  port?: number;
  /** Its own process group, as a server started in a terminal has (for `interrupt`). */
  ownGroup?: boolean;
}

/** Servers in process groups of their own, which a Ctrl-C on the script does not reach. */
const ownGroups = new Set<number>();

/** Ends the servers in groups of their own when the script is stopped with Ctrl-C, then the script. */
function stopOwnGroupsOnInterrupt(): void {
  if (process.listenerCount('SIGINT') > 0) return;
  process.once('SIGINT', () => {
    for (const pid of ownGroups) signalQuietly(-pid, 'SIGKILL');
    process.exit(130);
  });
}

/** Starts the server and resolves once `/healthz` answers 200 on its port. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: PROJECT_DIR,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      // These scripts book hundreds of times as one customer.
      BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownGroup ?? false,
  });
  if (options.ownGroup && child.pid !== undefined) {
    const pid = child.pid;
    ownGroups.add(pid);
    stopOwnGroupsOnInterrupt();
    child.once('exit', () => ownGroups.delete(pid));
  }
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-6000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    // 'close', not 'exit': 'exit' may come before the last of the output has been read, and the
    // log's final lines (the stop) are what tests read after it.
    child.once('close', (code, signal) => {
      resolve({ code, signal });
    });
  });
  const running: ServerProcess = {
    url,
    pid: child.pid ?? -1,
    log: () => tail,
    exited,
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    interrupt: () => {
      if (!options.ownGroup) throw new Error('interrupt() needs a server started with ownGroup');
      process.kill(-running.pid, 'SIGINT');
    },
    stop: async () => {
      running.kill('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server on port ${port} exited while starting:\n${tail}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return running;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await running.stop();
  throw new Error(`the server on port ${port} did not answer /healthz within ${START_TIMEOUT_MS / 1000} s:\n${tail}`);
}
