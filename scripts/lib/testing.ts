// For the scripts' tests: a real salon listening on a free local port with an admin's API token,
// surroundings that capture what a script writes, and a script run as its own process.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '@/server/app';
import { createApiToken } from '@/server/auth/api-tokens';
import { DEMO_ADMIN } from '@/server/setup/seed';
import { admins } from '@/server/db/schema';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import type { ScriptIo } from './salon-client';

export const PROJECT_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ListeningSalon extends TestEnvironment {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** A valid API token of the demo admin. */
  token: string;
  adminId: string;
}

/** The demo salon on a real socket (closed after the test file), and an API token for it. */
export async function startSalon(env: Record<string, string> = {}): Promise<ListeningSalon> {
  const environment = await createTestEnvironment({ seed: true, env });
  const app = await buildApp({ config: environment.config, database: environment.database, clientDir: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  afterAll(() => app.close());
  const { port } = app.server.address() as AddressInfo;
  const admin = environment.database.db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.email, DEMO_ADMIN.email))
    .get();
  if (!admin) throw new Error('the demo admin is missing');
  const { token } = createApiToken(environment.database.db, { adminId: admin.id, name: 'Script tests' });
  return { ...environment, app, url: `http://127.0.0.1:${port}`, token, adminId: admin.id };
}

export interface CapturedIo extends ScriptIo {
  out: () => string;
  err: () => string;
}

/** Surroundings for a script run in process: only the given environment, output kept as text. */
export function captureIo(env: Record<string, string | undefined>, cwd = PROJECT_DIR): CapturedIo {
  let out = '';
  let err = '';
  return {
    env,
    cwd,
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    out: () => out,
    err: () => err,
  };
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A command run as its own process, asynchronously: the salon under test answers from this
 * process, so waiting synchronously would leave the child's requests unanswered.
 */
export function runCommand(
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd?: string },
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? PROJECT_DIR,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}
