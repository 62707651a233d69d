// Two server processes on one database file: both deliver from the same outbox at the
// same moment, and each message reaches the SMTP server once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/server/db/ids';
import { startSmtpServer, type TestSmtpServer } from '@/server/test/smtp';
import { startServerProcess, type ServerProcess } from '../../../scripts/crash/server-process';

const MESSAGES = 300;

describe('two server processes on one database', () => {
  let smtp: TestSmtpServer;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(join(tmpdir(), 'salon-two-'));
    servers.push(
      await startServerProcess({ dataDir, env: { SEED_DEMO: '1', SMTP_URL: smtp.url, SALON_TIMEZONE: 'UTC' } }),
    );
    servers.push(
      await startServerProcess({ dataDir, env: { SEED_DEMO: '0', SMTP_URL: smtp.url, SALON_TIMEZONE: 'UTC' } }),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each message once while both deliver at the same time', async () => {
    const sqlite = new Database(join(dataDir, 'salon.db'));
    sqlite.pragma('busy_timeout = 5000');
    try {
      const insert = sqlite.prepare(
        `INSERT INTO messages (id, kind, channel, recipient, payload, status, attempts, due_at, created_at)
         VALUES (?, 'signup-code', 'mail', ?, ?, 'pending', 0, ?, ?)`,
      );
      const now = Date.now();
      sqlite.transaction(() => {
        for (let i = 0; i < MESSAGES; i++)
          insert.run(
            newId(),
            `twice-${String(i)}@example.test`,
            JSON.stringify({ template: 'signup-code', code: '1234' }),
            now,
            now,
          );
      })();
      // A request that writes a message wakes each server's loop: both start on the same rows at once.
      await Promise.all(
        servers.map((server, index) =>
          fetch(`${server.url}/api/v1/otp/send-otp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.url },
            body: JSON.stringify({ email: `wake-${String(index)}@example.test` }),
          }),
        ),
      );
      const deadline = Date.now() + 60_000;
      const left = sqlite.prepare<[], { n: number }>(
        `SELECT count(*) AS n FROM messages WHERE kind = 'signup-code' AND status <> 'sent'`,
      );
      while ((left.get()?.n ?? 1) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const stuck = sqlite
        .prepare(
          `SELECT status, attempts, claimed_by, last_error FROM messages WHERE kind = 'signup-code' AND status <> 'sent'`,
        )
        .all();
      expect(
        left.get()?.n,
        `not sent: ${JSON.stringify(stuck)}\n${servers.map((server) => server.log()).join('\n')}`,
      ).toBe(0);
      const bySender = sqlite
        .prepare<[], { sender: string; n: number }>(
          `SELECT claimed_by AS sender, count(*) AS n FROM messages WHERE kind = 'signup-code' GROUP BY claimed_by`,
        )
        .all();

      const perRecipient = new Map<string, number>();
      for (const mail of smtp.messages) {
        const to = JSON.stringify(mail.to ?? '');
        const address = /twice-\d+@example\.test/.exec(to)?.[0];
        if (address) perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
      }
      expect(perRecipient.size).toBe(MESSAGES);
      expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
      console.log(
        `[guarantee] two processes, one outbox: ${String(MESSAGES)} messages claimed concurrently by both (${bySender
          .map((row) => `${row.sender.split(':')[0] ?? '?'}: ${String(row.n)}`)
          .join(', ')}), each delivered exactly once`,
      );
    } finally {
      sqlite.close();
    }
  }, 90_000);
});
