// A deleted customer leaves nothing readable on the box: not in the database file's free space,
// not in the write-ahead log's older frames, not in the file mailer's copies of their mails (this
// install has no SMTP server, so every mail is an `.eml` file in the outbox folder).
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildAppOptions } from '@/server/app';
import { forgetOutboxMailsTo } from '@/server/mail/mailer';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday } from '@/server/test/bookings';
import type { TestEnvironment } from '@/server/test/test-db';

const QUICK: BuildAppOptions['delivery'] = {
  retry: { firstWaitMs: 100, maxWaitMs: 300, maxAttempts: 100 },
  pollMs: 100,
};

describe('erasing a deleted customer from the files on the box', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;

  const salon = useTestApp({ delivery: QUICK });
  beforeAll(() => {
    ({ env, app } = salon);
  });

  /** The raw bytes of the database file and its write-ahead log, as a copy of them would give them away. */
  const databaseFiles = () =>
    [env.config.databaseFile, `${env.config.databaseFile}-wal`]
      .filter((file) => existsSync(file))
      .map((file) => ({ file, bytes: readFileSync(file) }));
  const outboxFiles = () =>
    existsSync(env.config.outboxDir)
      ? readdirSync(env.config.outboxDir).map((name) => ({
          name,
          text: readFileSync(join(env.config.outboxDir, name), 'latin1'),
        }))
      : [];

  it('leaves no name, e-mail or phone of theirs in the database file, its log or the outbox folder', async () => {
    const customer = await createCustomer(app, env.database.db, 'Zebulon Quillfeather');
    // A name they had before: its old bytes were freed by the rename.
    const renamed = new FormData();
    renamed.append('fullName', 'Zebulon Marchbanks');
    renamed.append('phone', '9876599123');
    expect((await customer.client.rest('PATCH', '/users/me', renamed)).status).toBe(200);
    const day = futureWorkday(env.config.timezone, 12, ['Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    const booked = await customer.client.rest('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot: '11:00',
      service: 'Gel Pedicure',
      specialist: 'Maya Chen',
    });
    expect(booked.status).toBe(201);
    await app.outbox.settled();
    const traces = [customer.email, 'Quillfeather', 'Marchbanks', customer.phone, '9876599123'];
    // Before: they are in the files, as they should be while the account lives.
    expect(outboxFiles().some(({ name }) => name.includes(customer.email))).toBe(true);
    expect(databaseFiles().some(({ bytes }) => bytes.includes(customer.email))).toBe(true);

    expect((await customer.client.rest('DELETE', '/users/me', { password: 'booking-pass' })).status).toBe(200);
    // The cancellation of their booking still goes out to them, after the account is gone.
    await app.outbox.settled();

    for (const { file, bytes } of databaseFiles()) {
      for (const trace of traces) expect(bytes.includes(trace), `${trace} in ${file}`).toBe(false);
    }
    // No mail to them is kept, neither those sent before nor the cancellation sent after. The
    // salon's notices stay: they are the salon's correspondence, as in its inbox.
    const kept = outboxFiles();
    expect(
      kept.filter(({ name, text }) => name.includes(customer.email) || text.includes(`To: ${customer.email}`)),
    ).toEqual([]);
    expect(kept.length).toBeGreaterThan(0);
    console.log(
      '[guarantee] erasure: after a customer deletes their account, their name, e-mail and phone are in neither the database file, its WAL nor the file mailer’s copies',
    );
  });

  it('removes only the deleted customer’s copies, a half-written one too: not a look-alike address’s, nor a former address’s mails after they left it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'salon-outbox-'));
    const write = (name: string, to: string) =>
      writeFileSync(join(dir, name), `From: salon@example.test\r\nTo: ${to}\r\nSubject: x\r\n\r\nbody`);
    write('2026-11-20T10-00-00-000Z-a_b@example.test.eml', 'a+b@example.test');
    write('2026-11-20T10-00-00-000Z-a_b@example.test-2.eml', 'a_b@example.test');
    write('2026-11-21T10-00-00-000Z-old@example.test.eml', 'old@example.test');
    write('2026-11-23T10-00-00-000Z-old@example.test.eml', 'old@example.test');
    // A mail the server was writing when it stopped: not an .eml yet, but theirs all the same.
    write('2026-11-20T11-00-00-000Z-a_b@example.test.4242.part', 'a+b@example.test');
    const removed = forgetOutboxMailsTo(dir, [
      { address: 'a+b@example.test' },
      { address: 'old@example.test', until: new Date('2026-11-22T00:00:00Z') },
    ]);
    expect(removed).toBe(3);
    expect(readdirSync(dir).sort()).toEqual([
      '2026-11-20T10-00-00-000Z-a_b@example.test-2.eml',
      '2026-11-23T10-00-00-000Z-old@example.test.eml',
    ]);
  });
});
