// The server's entry point writes its log asynchronously (index.ts): what an owner reads in the
// journal after a stop must still hold every request answered before it and the stop itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/crash/server-process';

describe('the server log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-log-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'holds a line for every request answered before SIGTERM, then the stop, once the server has exited',
    { timeout: 120_000 },
    async () => {
      server = await startServerProcess({ dataDir, env: { LOG_LEVEL: 'info', SEED_DEMO: '0' } });
      const count = 12;
      // Answered together, so several lines wait while one is being written.
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) => fetch(`${server?.url ?? ''}/healthz?line=${String(i)}`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: count }, () => 200));
      server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);

      const lines = server
        .log()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; url?: string; statusCode?: number });
      const logged = lines
        .filter((l) => l.msg === 'request completed' && l.url?.startsWith('/healthz?line='))
        .map((l) => l.url);
      expect(new Set(logged)).toEqual(new Set(Array.from({ length: count }, (_, i) => `/healthz?line=${String(i)}`)));
      expect(lines.at(-1)?.msg).toBe('closed');
    },
  );
});
