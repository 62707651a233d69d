// Bounds on what a caller may store (issue 16, first part): every field of every procedure's input
// refuses an oversized value, found from the router itself, so a new procedure or field is covered
// without editing this file; and the attacks seen against `npm start` answer 400 over /api/v1 and
// /trpc, writing no row and no mail.
import { existsSync, readdirSync } from 'node:fs';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { serviceImportRowSchema, type Service } from '@/shared/schemas/service';
import { buildApp } from '@/server/app';
import { forgetCatalogue } from '@/server/catalogue/cache';
import { newId } from '@/server/db/ids';
import { services } from '@/server/db/schema';
import { appRouter } from '@/server/routers';
import { futureWorkday } from '@/server/test/bookings';
import { jpegDataUrl, signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import { rowsWritten } from '@/server/test/hostile';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';

const MIB = 1024 * 1024;

/** Pictures are bounded by the image check, which refuses by length before decoding (413). */
const PICTURE_FIELDS = new Set(['image', 'avatar']);

/**
 * Oversized values in the shapes a field might accept: plain text, an e-mail, digits (read as a
 * number). A field without an upper bound accepts at least one of them.
 */
const HUGE = ['x'.repeat(MIB), `${'x'.repeat(MIB)}@example.com`, '9'.repeat(MIB)];

type Schema = z.ZodType & { def: { type: string; innerType?: Schema; in?: Schema; shape?: Record<string, Schema> } };

/** The object inside an input schema (through `.optional()` and transforms), if it is one. */
function objectOf(schema: Schema): Record<string, Schema> | undefined {
  const { def } = schema;
  if (def.type === 'object') return def.shape;
  if (def.type === 'optional' && def.innerType) return objectOf(def.innerType);
  if (def.type === 'pipe' && def.in) return objectOf(def.in);
  return undefined;
}

/** Every procedure input with its fields, and the import's row (checked row by row). */
function inputsWithFields(): { name: string; schema: Schema; fields: string[]; kind?: 'query' | 'mutation' }[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
  const inputs = Object.entries(procedures).flatMap(([path, procedure]) => {
    const schema = procedure._def.inputs[0] as Schema | undefined;
    const shape = schema === undefined ? undefined : objectOf(schema);
    const kind = procedure._def.type === 'query' ? ('query' as const) : ('mutation' as const);
    return schema && shape ? [{ name: path, schema, fields: Object.keys(shape), kind }] : [];
  });
  const row = serviceImportRowSchema as unknown as Schema;
  return [...inputs, { name: 'an imported service row', schema: row, fields: Object.keys(objectOf(row) ?? {}) }];
}

describe('bounds on every input', () => {
  const inputs = inputsWithFields();

  it('finds the inputs to check in the router', () => {
    expect(inputs.length).toBeGreaterThan(30);
    expect(inputs.map((input) => input.name)).toEqual(expect.arrayContaining(['customer.bookings.create', 'admin.services.create']));
  });

  let checked = 0;
  afterAll(() => {
    const fields = inputs.reduce((sum, input) => sum + input.fields.filter((name) => !PICTURE_FIELDS.has(name)).length, 0);
    console.log(
      `[guarantee] bounds: ${String(inputs.length)} inputs (every procedure's and an imported row's), ${String(fields)} fields, ` +
        `${String(checked)} oversized values (1 MiB as text, e-mail and digits): every one refused at its field`,
    );
  });

  it.each(inputs.map((input) => [input.name, input] as const))('%s refuses a 1 MiB value in each field', (_name, input) => {
    for (const field of input.fields.filter((name) => !PICTURE_FIELDS.has(name))) {
      for (const huge of HUGE) {
        checked += 1;
        const parsed = input.schema.safeParse({ [field]: huge });
        const refusedHere = !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === field);
        expect(refusedHere, `${input.name}: ${field} = ${huge.slice(-20)} (${String(huge.length)} chars)`).toBe(true);
      }
    }
  });
});

describe('oversized and absurd values over HTTP', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  let serviceId: string;
  const huge = 'x'.repeat(MIB);

  beforeAll(async () => {
    env = await createTestEnvironment({ seed: true });
    app = await buildApp({ config: env.config, database: env.database, clientDir: null });
    admin = await signedIn(app, 'admin');
    customer = await signedIn(app, 'customer');
    anonymous = new TestClient(app);
    const services = (await customer.rest<Service[]>('GET', '/services')).body.data;
    serviceId = services[0]?._id ?? '';
  });
  let refused = 0;
  afterAll(async () => {
    console.log(`[guarantee] bounds over HTTP: ${String(refused)} requests with a 1 MiB field or an absurd number (REST and tRPC) answered 400 with the field's message; 0 rows and 0 mails written`);
    await app.close();
  });

  const mailsWritten = async () => {
    await app.outbox.settled();
    return existsSync(env.config.outboxDir) ? readdirSync(env.config.outboxDir).length : 0;
  };

  /** Runs a refused request and checks that it wrote nothing: no row, no mail. */
  async function refusedWithoutTrace(send: () => Promise<{ status: number; message: string | undefined }>, message: string) {
    const rows = rowsWritten(env);
    const mails = await mailsWritten();
    const answer = await send();
    expect(answer.status).toBe(400);
    expect(answer.message).toBe(message);
    expect(rowsWritten(env)).toBe(rows);
    expect(await mailsWritten()).toBe(mails);
    refused += 1;
  }

  const rest = (client: TestClient, method: 'POST' | 'PATCH', path: string, body: unknown) => async () => {
    const answer = await client.rest(method, path, body);
    return { status: answer.status, message: answer.body.message };
  };
  const trpc = (client: TestClient, path: string, input: unknown) => async () => {
    const answer = await client.trpc('mutation', path, input);
    return { status: answer.status, message: answer.error?.message };
  };

  it('refuses an oversized value in every field of every procedure over /trpc, naming the field, writing nothing', async () => {
    const rows = rowsWritten(env);
    const mails = await mailsWritten();
    let requests = 0;
    // 5,000 characters: over every text limit, and short enough for a query's URL.
    const oversized = ['x'.repeat(5000), `${'x'.repeat(5000)}@example.com`, '9'.repeat(5000)];
    for (const input of inputsWithFields()) {
      if (input.kind === undefined) continue;
      const client = input.name.startsWith('admin.') ? admin : customer;
      for (const field of input.fields.filter((name) => !PICTURE_FIELDS.has(name))) {
        for (const value of oversized) {
          const answer = await client.trpc(input.kind, input.name, { [field]: value });
          requests += 1;
          const fieldErrors = (answer.error?.data as { fieldErrors?: { path: string }[] } | undefined)?.fieldErrors ?? [];
          const where = `${input.name}: ${field} (${value.slice(-12)})`;
          expect(answer.status, where).toBe(400);
          expect(fieldErrors.some((error) => error.path === field || error.path.startsWith(`${field}.`)), where).toBe(true);
        }
      }
    }
    expect(rowsWritten(env)).toBe(rows);
    expect(await mailsWritten()).toBe(mails);
    console.log(`[guarantee] bounds over /trpc: ${String(requests)} requests, one oversized field each, every procedure: all 400 naming the field; 0 rows, 0 mails`);
  });

  it('refuses a 1 MiB e-mail address for a sign-up code, storing no code and sending no mail', async () => {
    const email = `${huge}@example.com`;
    await refusedWithoutTrace(rest(anonymous, 'POST', '/otp/send-otp', { email }), 'Email must be at most 254 characters');
    await refusedWithoutTrace(trpc(anonymous, 'public.auth.sendOtp', { email }), 'Email must be at most 254 characters');
  });

  it('refuses a review with a 1 MiB comment', async () => {
    const review = { rating: 5, comment: huge };
    await refusedWithoutTrace(rest(customer, 'POST', `/reviews/${serviceId}`, review), 'Comment must be at most 1000 characters');
    await refusedWithoutTrace(
      trpc(customer, 'customer.reviews.create', { service: serviceId, ...review }),
      'Comment must be at most 1000 characters',
    );
  });

  it('refuses a booking with a 1 MiB first name', async () => {
    const booking = {
      firstName: huge,
      bookingDate: futureWorkday(env.config.timezone, 3),
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    };
    await refusedWithoutTrace(rest(customer, 'POST', '/users/appointment', booking), 'First name must be at most 100 characters');
    await refusedWithoutTrace(trpc(customer, 'customer.bookings.create', booking), 'First name must be at most 100 characters');
  });

  it('refuses a service with a 1 MiB name, an astronomical price or a duration of 10^12 minutes', async () => {
    const service = { name: 'Bound Test Facial', category: 'cosmetology', price: 40, duration: 60, description: 'A facial.', image: await jpegDataUrl() };
    for (const [change, message] of [
      [{ name: huge }, 'Name must be at most 100 characters'],
      [{ price: 1e300 }, 'Price must be at most 100000'],
      [{ duration: 1e12 }, 'Duration must be at most 720 minutes'],
      [{ bufferMinutes: 1e9 }, 'Buffer must be at most 240 minutes'],
      [{ description: huge }, 'Description must be at most 2000 characters'],
    ] as const) {
      await refusedWithoutTrace(trpc(admin, 'admin.services.create', { ...service, ...change }), message);
      await refusedWithoutTrace(rest(admin, 'POST', '/admin/services', { ...service, ...change }), message);
    }
  });

  it('still shows a row stored before the limits, longer than one, and lets the admin shorten it', async () => {
    const id = newId();
    const longName = `Signature ${'Velvet '.repeat(20)}Facial`.slice(0, 150);
    env.database.db
      .insert(services)
      .values({ id, name: longName, category: 'cosmetology', price: 50, durationMinutes: 60, description: 'Older row.', imageUrl: '/uploads/none.webp' })
      .run();
    // Written behind the server's back, as an older version would have: the cached list forgets.
    forgetCatalogue(env.database.db);
    const listed = (await customer.rest<Service[]>('GET', '/services')).body.data.find((service) => service._id === id);
    expect(listed?.name).toBe(longName);
    const unchanged = { id, category: 'cosmetology', price: 50, duration: 60, description: 'Older row.' };
    const kept = await admin.trpc('mutation', 'admin.services.update', { ...unchanged, name: longName });
    expect(kept.error?.message).toBe('Name must be at most 100 characters');
    const shortened = await admin.trpc<Service>('mutation', 'admin.services.update', { ...unchanged, name: 'Signature Velvet Facial' });
    expect(shortened.data?.name).toBe('Signature Velvet Facial');
  });
});
