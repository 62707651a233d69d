import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../scripts/client-build';
import { freePort } from '@/server/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: its outbox/ holds the e-mails it sent. */
    dataDir: string;
    /** The origin of a separately hosted client, listed in the server's CORS_ORIGINS (nothing serves it yet). */
    corsClientOrigin: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy:\n${output()}`);
}

/**
 * Builds the client if needed and starts the real server (the `npm start` path) on a free port
 * with a fresh data folder, so the browser tests see exactly what a salon owner would.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureClientBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const corsClientOrigin = `http://127.0.0.1:${await freePort()}`;
  let log = '';
  const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      CORS_ORIGINS: corsClientOrigin,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(baseUrl, server, () => log);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('corsClientOrigin', corsClientOrigin);
  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
