// The server's log is written in batches (server-log.ts): what an owner tails must still show a
// quiet server's lines within a second, and a warning at once.
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createServerLog, LOG_BATCH_BYTES, LOG_FLUSH_MS } from './server-log';

const dirs: string[] = [];
const closers: (() => void)[] = [];

function logToFile() {
  const dir = mkdtempSync(join(tmpdir(), 'salon-server-log-'));
  dirs.push(dir);
  const file = join(dir, 'server.log');
  // Opened before the log starts, as standard output is for the server.
  const logger = createServerLog({ level: 'info', fd: openSync(file, 'a') });
  closers.push(() => {
    const stream = (logger as unknown as Record<symbol, { destroy(): void }>)[pino.symbols.streamSym];
    stream?.destroy();
  });
  const messages = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { logger, messages };
}

/** Polls until `check` holds or `ms` have passed; returns how long it took. */
async function within(ms: number, check: () => boolean): Promise<number> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${String(ms)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

afterEach(() => {
  for (const close of closers.splice(0)) close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the server log', () => {
  it('keeps a quiet moment’s lines together, and writes them within a second', async () => {
    const { logger, messages } = logToFile();
    logger.info('a request answered');
    logger.info('another');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messages()).toEqual([]);
    await within(LOG_FLUSH_MS + 500, () => messages().length === 2);
    expect(messages()).toEqual(['a request answered', 'another']);
  });

  it('writes a warning at once, after the lines that waited before it', async () => {
    const { logger, messages } = logToFile();
    logger.info('a request answered');
    logger.warn('the replica is behind');
    await within(LOG_FLUSH_MS / 2, () => messages().length === 2);
    expect(messages()).toEqual(['a request answered', 'the replica is behind']);
  });

  it('writes a warning at once even while a batch is being written', async () => {
    const { logger, messages } = logToFile();
    const line = 'x'.repeat(100);
    const count = Math.ceil(LOG_BATCH_BYTES / 100) + 5;
    for (let i = 0; i < count; i++) logger.info(`${line} ${String(i)}`);
    // The full batch's write is under way now.
    logger.warn('the replica is behind');
    await within(LOG_FLUSH_MS / 2, () => messages().at(-1) === 'the replica is behind');
    expect(messages()).toHaveLength(count + 1);
  });

  it('writes a busy moment’s lines as soon as a batch is full, without waiting for the second', async () => {
    const { logger, messages } = logToFile();
    const line = 'x'.repeat(100);
    const count = Math.ceil(LOG_BATCH_BYTES / 100) + 5;
    for (let i = 0; i < count; i++) logger.info(`${line} ${String(i)}`);
    await within(LOG_FLUSH_MS / 2, () => messages().length > 0);
    expect(messages().length).toBeGreaterThan(LOG_BATCH_BYTES / 250);
  });
});
