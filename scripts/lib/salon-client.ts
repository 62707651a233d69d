// What the scripts that talk to a running salon share: the typed tRPC client with the API token,
// the messages for the ways a call can fail, and the plumbing that lets a test run a script in
// process (arguments and environment in, text and an exit code out).
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTRPCClient, httpLink, TRPCClientError, type TRPCClient } from '@trpc/client';
import type { AppRouter } from '@/server/routers';

export const DEFAULT_SALON_URL = 'http://localhost:3000';

/** What a script says without a token; `command` is how it is run (`bookings:today`). */
export const missingTokenMessage = (command: string): string =>
  'SALON_API_TOKEN is not set. Create a token in the back office (Settings → API tokens) and run\n' +
  `  SALON_API_TOKEN=salon_... npm run ${command}`;
export const TOKEN_REFUSED_MESSAGE = 'The API token was refused (unknown or revoked).';

/** Where a script writes and what it reads of its surroundings; the real process, or a test's. */
export interface ScriptIo {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Where relative file arguments are read from. */
  cwd: string;
}

export type SalonClient = TRPCClient<AppRouter>;

/** A failure the script explains in its own words; the script ends with exit code 1. */
export class ScriptError extends Error {
  override name = 'ScriptError';
}

export interface SalonConnection {
  client: SalonClient;
  /** The salon's base address, for messages. */
  url: string;
}

/** The typed client for the salon at `SALON_URL`, acting as the admin who made `SALON_API_TOKEN`. */
export function connectToSalon(env: ScriptIo['env'], command: string): SalonConnection {
  const token = env.SALON_API_TOKEN?.trim();
  if (!token) throw new ScriptError(missingTokenMessage(command));
  const given = env.SALON_URL?.trim();
  const url = (given === undefined || given === '' ? DEFAULT_SALON_URL : given).replace(/\/+$/, '');
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new ScriptError(`SALON_URL must be an http(s) address such as ${DEFAULT_SALON_URL}, not "${url}".`);
  }
  const client = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${url}/trpc`, headers: { authorization: `Bearer ${token}` } })],
  });
  return { client, url };
}

/** The field errors the server sent with a refusal (`data.fieldErrors`), if any. */
export function fieldErrorsOf(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof TRPCClientError)) return [];
  return (error as TRPCClientError<AppRouter>).data?.fieldErrors ?? [];
}

/** The HTTP status of a refusal the server answered; undefined when no answer came. */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error as TRPCClientError<AppRouter>).data?.httpStatus;
}

/** One line saying why a call to the salon failed, for a person at a terminal. */
export function describeFailure(error: unknown, url: string): string {
  if (error instanceof ScriptError) return error.message;
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data;
    if (data?.httpStatus === 401 || data?.code === 'UNAUTHORIZED') return TOKEN_REFUSED_MESSAGE;
    if (data) return error.message;
    const status = (error.meta?.response as { status?: unknown } | undefined)?.status;
    if (status === 413) {
      return `The salon at ${url} refused the request as too large: send fewer or smaller pictures at a time.`;
    }
    // No tRPC answer at all: nobody listens there, or something that is not the salon does.
    const { cause } = error;
    if (cause instanceof TypeError) {
      const reason = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
      return `Could not reach the salon at ${url}${reason}. Is the server running? Set SALON_URL if it runs elsewhere.`;
    }
    return `The server at ${url} did not answer like the salon (${error.message}). Check SALON_URL.`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The real process as a script's surroundings. `npm run` starts in the project folder; INIT_CWD is where it was typed. */
export const processIo = (): ScriptIo => ({
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.env.INIT_CWD ?? process.cwd(),
});

/** True when the module at `moduleUrl` is the one node (or tsx) was asked to run, not an import of it. */
export function isMainModule(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (!started) return false;
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  };
  return real(fileURLToPath(moduleUrl)) === real(resolve(started));
}
