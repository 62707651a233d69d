// Child processes under test: the product's production server, started as `npm start` starts it
// (scripts/start.mjs: the compiled server, built first when stale), and the bare Fastify baseline. Each runs in its own process, so
// the load generator in this process does not share its event loop.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@/server/free-port';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  pid: number;
  /** Peak resident memory of the process so far (VmHWM), in MB; null where /proc is not there. */
  peakMemoryMb(): number | null;
  /** Resident memory now (VmRSS), in MB; null where /proc is not there. */
  residentMemoryMb(): number | null;
  /** From the spawn to the first 200 on its health path, in ms. */
  startedInMs: number;
  /** The end of the server's log, to say why a request failed. */
  logTail(): string;
  stop(): Promise<void>;
}

/** A memory line of /proc/<pid>/status (VmHWM: the peak, VmRSS: now) in MB; null where /proc is not there. */
function memoryMb(pid: number, line: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${line}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Node's arguments in `npm start` (package.json: V8's flags, then scripts/start.mjs), so the server
 * under test runs exactly as a salon's does.
 */
function npmStartArguments(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = manifest.scripts.start.split(/\s+/);
  if (command !== 'node')
    throw new Error(`npm start runs ${String(command)}, not node: the bench cannot run it as one process`);
  return args;
}

export const peakMemoryMb = (pid: number): number | null => memoryMb(pid, 'VmHWM');

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the server did not come up at ${url}:\n${log()}`);
}

function start(
  /** Node's arguments: a script, after `--import tsx` for one in TypeScript. */
  args: string[],
  env: Record<string, string>,
  healthPath: string,
  logFile: string,
  port: number,
): Promise<RunningServer> {
  // The log goes straight into its file, as systemd hands a service its journal: relayed through
  // this process, it would take CPU from the load generator here.
  const logFd = openSync(logFile, 'w');
  // Node itself rather than a CLI in front of it: one process, so its pid and memory are the server's.
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const spawnedAt = performance.now();
  const tail = () => readFileSync(logFile, 'utf8').slice(-4000);
  const url = `http://127.0.0.1:${port}`;
  const running: RunningServer = {
    url,
    pid: child.pid ?? -1,
    peakMemoryMb: () => peakMemoryMb(child.pid ?? -1),
    residentMemoryMb: () => memoryMb(child.pid ?? -1, 'VmRSS'),
    startedInMs: NaN,
    logTail: tail,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  return waitUntilUp(`${url}${healthPath}`, child, tail).then(
    () => {
      running.startedInMs = performance.now() - spawnedAt;
      return running;
    },
    async (error: unknown) => {
      await running.stop();
      throw error;
    },
  );
}

export interface ProductServerOptions {
  dataDir: string;
  timezone: string;
  /** Where the server's log goes (it logs every request at info, as in production). */
  logFile?: string;
}

/**
 * The product as a salon runs it: NODE_ENV=production (Secure cookies, HSTS, masked errors, no
 * demo data), the built client, the default log level, e-mails to the outbox folder.
 */
export async function startProductServer(options: ProductServerOptions): Promise<RunningServer> {
  const port = await freePort();
  return start(
    npmStartArguments(),
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SALON_TIMEZONE: options.timezone,
      SEED_DEMO: '0',
      // 50 customers make 2,400 bookings in seconds: far past a real customer's hourly limit.
      BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000',
    },
    '/healthz',
    options.logFile ?? join(options.dataDir, 'server.log'),
    port,
  );
}

/** The bare route (baseline-server.ts); with `sameBytesFile`, also its `/same-bytes` route. */
export async function startBaselineServer(logFile: string, sameBytesFile?: string): Promise<RunningServer> {
  const port = await freePort();
  const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1' };
  if (sameBytesFile) env.SAME_BYTES_FILE = sameBytesFile;
  return start(['--import', 'tsx', 'scripts/bench/baseline-server.ts'], env, '/', logFile, port);
}
