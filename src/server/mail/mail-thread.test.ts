// The mail thread the server's entry point uses (mail-thread.ts): the same mail as the in-process
// mailer, through SMTP or into the outbox, and a failure reported to the sender.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '@/server/free-port';
import { startSmtpServer } from '@/server/test/smtp';
import { createMailThread } from './mail-thread';
import { otpMail, passwordResetMail } from './templates';

const MAIL_FROM = 'Rose Beauty Salon <no-reply@salon.test>';
const root = mkdtempSync(join(tmpdir(), 'salon-mail-thread-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const quietLog = () => {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (_obj: object, msg: string) => lines.push(msg),
      error: (_obj: object, msg: string) => lines.push(msg),
    },
  };
};

describe('the mail thread', () => {
  it('writes mail into the outbox folder and logs each, as the in-process mailer does', async () => {
    const outboxDir = join(root, 'outbox');
    const { lines, log } = quietLog();
    const mailer = createMailThread({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir }, log);
    try {
      await Promise.all([
        mailer.send({ to: 'ana@example.com', ...otpMail('4821') }),
        mailer.send({ to: 'bo@example.com', ...otpMail('1357') }),
      ]);
      const files = readdirSync(outboxDir).sort();
      expect(files).toHaveLength(2);
      const texts = files.map((file) => readFileSync(join(outboxDir, file), 'utf8'));
      expect(texts.some((text) => text.includes('4821') && /^To: ana@example\.com/m.test(text))).toBe(true);
      expect(texts.some((text) => text.includes('1357') && /^To: bo@example\.com/m.test(text))).toBe(true);
      expect(lines).toEqual(['mail written to outbox', 'mail written to outbox']);
    } finally {
      mailer.close();
    }
  });

  it('never shows a mail file in the outbox before it is whole', async () => {
    const outboxDir = join(root, 'outbox-whole');
    const mailer = createMailThread({ smtpUrl: undefined, mailFrom: MAIL_FROM, outboxDir }, quietLog().log);
    // Another process listing the folder while the thread writes (a mail client, the browser tests):
    // every .eml it sees must already have the size it ends with.
    const seen = new Map<string, number>();
    const written = new AbortController();
    const watching = (async () => {
      while (!written.signal.aborted) {
        let files: string[] = [];
        try {
          files = readdirSync(outboxDir);
        } catch {
          // the folder appears with the first mail
        }
        for (const file of files)
          if (file.endsWith('.eml') && !seen.has(file)) seen.set(file, statSync(join(outboxDir, file)).size);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      const report = { filename: 'report.txt', content: 'x'.repeat(2_000_000), contentType: 'text/plain' };
      for (let index = 0; index < 20; index++)
        await mailer.send({ to: `whole-${String(index)}@example.com`, ...otpMail('4821'), attachments: [report] });
    } finally {
      written.abort();
      await watching;
      mailer.close();
    }
    const files = readdirSync(outboxDir);
    expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(20);
    expect(files.filter((file) => !file.endsWith('.eml'))).toEqual([]);
    expect(seen.size).toBeGreaterThan(0);
    for (const [file, size] of seen) expect(size, file).toBe(statSync(join(outboxDir, file)).size);
  });

  it('delivers through SMTP_URL', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailThread(
      { smtpUrl: smtp.url, mailFrom: MAIL_FROM, outboxDir: join(root, 'unused') },
      quietLog().log,
    );
    try {
      const link = `http://salon.test/reset-password/${'a1b2c3d4'.repeat(8)}`;
      await mailer.send({ to: 'maya@example.com', ...passwordResetMail(link, 'Maya Rose') });
      const mail = await smtp.waitForMail('maya@example.com');
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toContain(link);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('rejects a send the mail server refuses, with the reason, and goes on sending afterwards', async () => {
    const nobody = await freePort();
    const mailer = createMailThread(
      {
        smtpUrl: `smtp://127.0.0.1:${nobody}/?connectionTimeout=2000`,
        mailFrom: MAIL_FROM,
        outboxDir: join(root, 'unused'),
      },
      quietLog().log,
    );
    try {
      await expect(mailer.send({ to: 'ana@example.com', ...otpMail('4821') })).rejects.toThrow(/ECONNREFUSED/);
      await expect(mailer.send({ to: 'ana@example.com', ...otpMail('4821') })).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      mailer.close();
    }
  });
});
