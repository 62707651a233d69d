// Webhook endpoints on addresses that reach the salon's own machine or network, spelt every way
// a URL can spell them (IPv4 shorthands, IPv6 forms that carry an IPv4 address, link-local,
// unique-local, unspecified): refused over real HTTP when the admin adds one, with nothing saved,
// and refused again when a delivery would connect to one; a public address is still taken.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@/server/db/ids';
import { messages, webhookEndpoints } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import type { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

/** Hosts of the salon's own machine or network, as a webhook URL could spell them. */
const HOSTILE_HOSTS = [
  '[::7f00:1]',
  '[::127.0.0.1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[::ffff:10.0.0.1]',
  '[64:ff9b::7f00:1]',
  '[64:ff9b::a00:1]',
  '[2002:7f00:1::]',
  '[2002:a9fe:a9fe::1]',
  '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
  '[::a9fe:a9fe]',
  '[::808:808]',
  '[fe80::1]',
  '[fc00::1]',
  '[fd12:3456::1]',
  '[::]',
  '[::1]',
  '[ff02::1]',
  '0x7f.1',
  '2130706433',
  '127.1',
  '0177.0.0.1',
  '0',
  '100.64.0.1',
  '169.254.169.254',
];

describe('webhook endpoints on the salon’s own network', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;

  const salon = useTestApp({ delivery: { pollMs: 50 }, admin: true });
  beforeAll(() => {
    ({ env, app, admin } = salon);
  });

  const savedEndpoints = () => env.database.db.select().from(webhookEndpoints).all();

  it('refuses each with a clear message and saves nothing, over /api/v1 and /trpc alike', async () => {
    for (const host of HOSTILE_HOSTS) {
      const url = `https://${host}/hook`;
      const rest = await admin.rest('POST', '/admin/webhooks', { url, events: ['booking.created'] });
      expect(rest.status, url).toBe(400);
      expect(rest.body.errors, url).toEqual([
        {
          path: 'url',
          message: expect.stringMatching(
            /^\S+ is a private or loopback address\. Webhooks go to public addresses only \(or hosts listed in WEBHOOK_ALLOW_HOSTS\)\.$/,
          ) as unknown,
        },
      ]);
      const trpc = await admin.trpc('mutation', 'admin.webhooks.create', { url, events: ['booking.created'] });
      expect(trpc.error?.data.code, url).toBe('BAD_REQUEST');
      expect(trpc.error?.message, url).toMatch(/private or loopback address/);
    }
    expect(savedEndpoints()).toEqual([]);
  });

  it('still takes an endpoint on a public address, IPv4 or IPv6', async () => {
    for (const url of ['https://1.1.1.1/hook', 'https://[2606:4700:4700::1111]/hook']) {
      const created = await admin.rest<{ _id: string; url: string }>('POST', '/admin/webhooks', {
        url,
        events: ['booking.created'],
      });
      expect(created.status, url).toBe(201);
      expect(created.body.data.url).toBe(url);
      expect((await admin.rest('DELETE', `/admin/webhooks/${created.body.data._id}`)).status).toBe(200);
    }
  });

  it('refuses to deliver to one that got in some other way (an older version, a hand edit)', async () => {
    const { db } = env.database;
    for (const host of ['[::7f00:1]', '[::ffff:127.0.0.1]', '[64:ff9b::7f00:1]']) {
      const id = newId();
      db.insert(webhookEndpoints)
        .values({
          id,
          url: `https://${host}:9/hook`,
          events: JSON.stringify(['booking.created']),
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        })
        .run();
      const queued = await admin.rest<{ messageId: string }>('POST', `/admin/webhooks/${id}/test`);
      expect(queued.status, host).toBe(200);
      await app.outbox.settled();
      const row = db.select().from(messages).where(eq(messages.id, queued.body.data.messageId)).get();
      expect(row, host).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row?.lastError, host).toMatch(/private or loopback address/);
      db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).run();
    }
  });
});
