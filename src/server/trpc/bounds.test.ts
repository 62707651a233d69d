// Bounds on what a caller may store (README "Guarantees"): every field of every procedure's input
// refuses an oversized value, found from the router itself, so a new procedure or field is covered
// without editing this file; and the attacks seen against `npm start` answer 400 over /api/v1 and
// /trpc, writing no row and no mail.
import { existsSync, readdirSync } from 'node:fs';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EARLIEST_DAY, LATEST_DAY } from '@/shared/constants';
import { serviceImportRowSchema, type Service } from '@/shared/schemas/services';
import type { Specialist } from '@/shared/schemas/specialists';
import { forgetCatalogue } from '@/server/catalogue/cache';
import { newId } from '@/server/db/ids';
import { services } from '@/server/db/schema';
import { appRouter } from '@/server/routers';
import { useTestApp } from '@/server/test/app';
import { futureWorkday } from '@/server/test/bookings';
import { jpegDataUrl, signedIn } from '@/server/test/catalogue';
import { TestClient } from '@/server/test/http';
import { rowsWritten } from '@/server/test/hostile';
import type { TestEnvironment } from '@/server/test/test-db';

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

/**
 * The forms a date field may take, each with a day it accepts and the far days to send in that
 * form: the last day of year 9999 (the day after it is no longer `YYYY-MM-DD`), the first day of
 * year 1, and the last day a JavaScript date can hold.
 */
const DATE_FORMS = [
  { accepted: '2026-06-15', far: ['9999-12-31', '0001-01-01', '275760-09-13'] },
  { accepted: '2026-06-15T09:00', far: ['9999-12-31T09:00', '0001-01-01T09:00', '275760-09-13T00:00'] },
  {
    accepted: '2026-06-15T09:00:00.000Z',
    far: ['9999-12-31T00:00:00.000Z', '0001-01-01T00:00:00.000Z', new Date(8.64e15).toISOString()],
  },
];
/** The message of a date inside its field's form but outside the days inputs may name. */
const OUT_OF_RANGE = new RegExp(`^\\S.* must be between ${EARLIEST_DAY} and ${LATEST_DAY}$`);

interface DateField {
  input: ReturnType<typeof inputsWithFields>[number];
  field: string;
  /** What the field says of text that is no date at all. */
  notADate: string;
  /** The far days to send, in every form the field accepts. */
  far: string[];
}

/** The messages a field alone gets for `value` (other fields of the input left out). */
function messagesAt(schema: Schema, field: string, value: string): string[] {
  const parsed = schema.safeParse({ [field]: value });
  return parsed.success
    ? []
    : parsed.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

/** Every field of every input that takes a date: it accepts a day in some form and refuses words. */
function dateFields(): DateField[] {
  return inputsWithFields().flatMap((input) =>
    input.fields.flatMap((field) => {
      const forms = DATE_FORMS.filter((form) => messagesAt(input.schema, field, form.accepted).length === 0);
      const [notADate] = messagesAt(input.schema, field, 'not a date');
      // A field that takes any `a:b` text (a visit's items in a query) takes a date-time too: not a date field.
      const anyPair = messagesAt(input.schema, field, 'Cut:any').length === 0;
      // Nor one that takes any word of letters, digits and dashes (an idempotency key).
      const anyToken = messagesAt(input.schema, field, 'any-token-of-the-caller').length === 0;
      return forms.length > 0 && notADate !== undefined && !anyPair && !anyToken
        ? [{ input, field, notADate, far: forms.flatMap((form) => form.far) }]
        : [];
    }),
  );
}

/** A far day in its field's form gets the range's message; one no field's form takes, the field's own. */
const expectedMessage = (date: DateField, value: string): string | RegExp =>
  value.includes('275760') ? date.notADate : OUT_OF_RANGE;

describe('dates every input may name', () => {
  const dates = dateFields();

  it('finds the date fields in the router', () => {
    const found = dates.map((date) => `${date.input.name} ${date.field}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'admin.calendar.get from',
        'admin.calendar.get to',
        'admin.reports.get from',
        'admin.reports.csv to',
        'admin.closures.create date',
        'admin.timeOff.create startsAt',
        'admin.timeOff.create endsAt',
        'admin.discounts.create validFrom',
        'admin.discounts.update validTill',
        'admin.bookings.list date',
        'admin.bookings.create bookingDate',
        'admin.bookings.reschedule bookingDate',
        'customer.bookings.create bookingDate',
        'public.bookings.availableSlots bookingDate',
      ]),
    );
    console.log(
      `[guarantee] dates: ${String(dates.length)} date fields in the router, each refusing days before ${EARLIEST_DAY} and after ${LATEST_DAY}`,
    );
  });

  it.each(dates.map((date) => [`${date.input.name} ${date.field}`, date] as const))(
    '%s refuses far days with a clear message',
    (_name, date) => {
      for (const value of date.far) {
        const messages = messagesAt(date.input.schema, date.field, value);
        expect(messages, `${date.input.name}: ${date.field} = ${value}`).toEqual([
          expect.stringMatching(expectedMessage(date, value)),
        ]);
      }
    },
  );
});

describe('bounds on every input', () => {
  const inputs = inputsWithFields();

  it('finds the inputs to check in the router', () => {
    expect(inputs.length).toBeGreaterThan(30);
    expect(inputs.map((input) => input.name)).toEqual(
      expect.arrayContaining(['customer.bookings.create', 'admin.services.create']),
    );
  });

  let checked = 0;
  afterAll(() => {
    const fields = inputs.reduce(
      (sum, input) => sum + input.fields.filter((name) => !PICTURE_FIELDS.has(name)).length,
      0,
    );
    console.log(
      `[guarantee] bounds: ${String(inputs.length)} inputs (every procedure's and an imported row's), ${String(fields)} fields, ` +
        `${String(checked)} oversized values (1 MiB as text, e-mail and digits): every one refused at its field`,
    );
  });

  it.each(inputs.map((input) => [input.name, input] as const))(
    '%s refuses a 1 MiB value in each field',
    (_name, input) => {
      for (const field of input.fields.filter((name) => !PICTURE_FIELDS.has(name))) {
        for (const huge of HUGE) {
          checked += 1;
          const parsed = input.schema.safeParse({ [field]: huge });
          const refusedHere = !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === field);
          expect(refusedHere, `${input.name}: ${field} = ${huge.slice(-20)} (${String(huge.length)} chars)`).toBe(true);
        }
      }
    },
  );
});

describe('oversized and absurd values over HTTP', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let customer: TestClient;
  let anonymous: TestClient;
  let serviceId: string;
  const huge = 'x'.repeat(MIB);

  const salon = useTestApp({ admin: true });
  beforeAll(async () => {
    ({ env, app, admin } = salon);
    customer = await signedIn(app, 'customer');
    anonymous = new TestClient(app);
    const services = (await customer.rest<Service[]>('GET', '/services')).body.data;
    serviceId = services[0]?._id ?? '';
  });
  let refused = 0;
  afterAll(() => {
    console.log(
      `[guarantee] bounds over HTTP: ${String(refused)} requests with a 1 MiB field or an absurd number (REST and tRPC) answered 400 with the field's message; 0 rows and 0 mails written`,
    );
  });

  const mailsWritten = async () => {
    await app.outbox.settled();
    return existsSync(env.config.outboxDir) ? readdirSync(env.config.outboxDir).length : 0;
  };

  /** Runs a refused request and checks that it wrote nothing: no row, no mail. */
  async function refusedWithoutTrace(
    send: () => Promise<{ status: number; message: string | undefined }>,
    message: string,
  ) {
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
          const fieldErrors =
            (answer.error?.data as { fieldErrors?: { path: string }[] } | undefined)?.fieldErrors ?? [];
          const where = `${input.name}: ${field} (${value.slice(-12)})`;
          expect(answer.status, where).toBe(400);
          expect(
            fieldErrors.some((error) => error.path === field || error.path.startsWith(`${field}.`)),
            where,
          ).toBe(true);
        }
      }
    }
    expect(rowsWritten(env)).toBe(rows);
    expect(await mailsWritten()).toBe(mails);
    console.log(
      `[guarantee] bounds over /trpc: ${String(requests)} requests, one oversized field each, every procedure: all 400 naming the field; 0 rows, 0 mails`,
    );
  });

  it('refuses a far day in every date field of every procedure over /trpc, writing nothing and staying up', async () => {
    const rows = rowsWritten(env);
    const mails = await mailsWritten();
    let requests = 0;
    for (const date of dateFields()) {
      if (date.input.kind === undefined) continue;
      const client = date.input.name.startsWith('admin.') ? admin : customer;
      for (const value of date.far) {
        const answer = await client.trpc(date.input.kind, date.input.name, { [date.field]: value });
        requests += 1;
        const fieldErrors =
          (answer.error?.data as { fieldErrors?: { path: string; message: string }[] } | undefined)?.fieldErrors ?? [];
        const where = `${date.input.name}: ${date.field} = ${value}`;
        expect(answer.status, where).toBe(400);
        expect(
          fieldErrors.filter((error) => error.path === date.field).map((error) => error.message),
          where,
        ).toEqual([expect.stringMatching(expectedMessage(date, value))]);
      }
    }
    expect(rowsWritten(env)).toBe(rows);
    expect(await mailsWritten()).toBe(mails);
    const started = Date.now();
    expect((await anonymous.request('GET', '/healthz')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    console.log(
      `[guarantee] dates over /trpc: ${String(requests)} requests, one far day each: all 400 with the field's message; 0 rows, 0 mails; /healthz answers`,
    );
  });

  it('refuses a closure, time off, a discount and bookings on 31/12/9999, writing nothing', async () => {
    const specialist = (await anonymous.rest<Specialist[]>('GET', '/specialists')).body.data[0];
    if (!specialist) throw new Error('the demo has no specialist');
    const far = '9999-12-31';
    const booking = { bookingDate: far, timeSlot: '10:00', service: 'Classic Manicure', specialist: specialist.name };
    await refusedWithoutTrace(
      rest(admin, 'POST', '/admin/closures', { date: far }),
      `Date must be between ${EARLIEST_DAY} and ${LATEST_DAY}`,
    );
    await refusedWithoutTrace(
      rest(admin, 'POST', `/admin/specialists/${specialist._id}/time-off`, {
        startsAt: `${far}T09:00`,
        endsAt: `${far}T18:00`,
      }),
      `Start must be between ${EARLIEST_DAY} and ${LATEST_DAY}`,
    );
    await refusedWithoutTrace(
      trpc(admin, 'admin.discounts.create', {
        title: 'Forever',
        percentage: 10,
        category: ['Nail care'],
        validFrom: '2026-06-01',
        validTill: far,
        image: await jpegDataUrl(),
      }),
      `Valid Till must be between ${EARLIEST_DAY} and ${LATEST_DAY}`,
    );
    await refusedWithoutTrace(
      rest(customer, 'POST', '/users/appointment', booking),
      `Date must be between ${EARLIEST_DAY} and ${LATEST_DAY}`,
    );
    await refusedWithoutTrace(
      rest(admin, 'POST', '/admin/bookings', { ...booking, firstName: 'Far', lastName: 'Future', phone: '9876500000' }),
      `Date must be between ${EARLIEST_DAY} and ${LATEST_DAY}`,
    );
  });

  it('refuses a 1 MiB e-mail address for a sign-up code, storing no code and sending no mail', async () => {
    const email = `${huge}@example.com`;
    await refusedWithoutTrace(
      rest(anonymous, 'POST', '/otp/send-otp', { email }),
      'Email must be at most 254 characters',
    );
    await refusedWithoutTrace(
      trpc(anonymous, 'public.auth.sendOtp', { email }),
      'Email must be at most 254 characters',
    );
  });

  it('refuses a review with a 1 MiB comment', async () => {
    const review = { rating: 5, comment: huge };
    await refusedWithoutTrace(
      rest(customer, 'POST', `/reviews/${serviceId}`, review),
      'Comment must be at most 1000 characters',
    );
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
    await refusedWithoutTrace(
      rest(customer, 'POST', '/users/appointment', booking),
      'First name must be at most 100 characters',
    );
    await refusedWithoutTrace(
      trpc(customer, 'customer.bookings.create', booking),
      'First name must be at most 100 characters',
    );
  });

  it('refuses a service with a 1 MiB name, an astronomical price or a duration of 10^12 minutes', async () => {
    const service = {
      name: 'Bound Test Facial',
      category: 'cosmetology',
      price: 40,
      duration: 60,
      description: 'A facial.',
      image: await jpegDataUrl(),
    };
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
      .values({
        id,
        name: longName,
        category: 'cosmetology',
        price: 50,
        durationMinutes: 60,
        description: 'Older row.',
        imageUrl: '/uploads/none.webp',
      })
      .run();
    // Written behind the server's back, as an older version would have: the cached list forgets.
    forgetCatalogue(env.database.db);
    const listed = (await customer.rest<Service[]>('GET', '/services')).body.data.find((service) => service._id === id);
    expect(listed?.name).toBe(longName);
    const unchanged = { id, category: 'cosmetology', price: 50, duration: 60, description: 'Older row.' };
    const kept = await admin.trpc('mutation', 'admin.services.update', { ...unchanged, name: longName });
    expect(kept.error?.message).toBe('Name must be at most 100 characters');
    const shortened = await admin.trpc<Service>('mutation', 'admin.services.update', {
      ...unchanged,
      name: 'Signature Velvet Facial',
    });
    expect(shortened.data?.name).toBe('Signature Velvet Facial');
  });
});
