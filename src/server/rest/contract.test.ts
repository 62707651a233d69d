// The contract suite: every row of ./contract-table.ts (the REST paths) against a running app,
// over HTTP through `/api/v1`: the status, the envelope and the shapes of
// ../test/contract-shapes.ts, and the 401/403 answers to the wrong session, which must change
// nothing. The table is checked against the routes the app really registers, both ways, so a path
// without a row fails the suite.
import { eq } from 'drizzle-orm';
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import type { CalendarFeed } from '@/shared/schemas/calendar-feeds';
import type { Discount } from '@/shared/schemas/discounts';
import type { Review } from '@/shared/schemas/reviews';
import type { CashUp, CreateSaleInput, Sale, Voucher, VoucherDetails } from '@/shared/schemas/sales';
import type { Service } from '@/shared/schemas/services';
import type { Specialist, SpecialistServiceTerms } from '@/shared/schemas/specialists';
import type { BookedVisit, SeriesPreview } from '@/shared/schemas/visits';
import { issueResetToken } from '@/server/auth/reset-tokens';
import { hashToken } from '@/server/auth/tokens';
import { feedTokenOf } from '@/server/team/calendar-feeds';
import { newId } from '@/server/db/ids';
import {
  admins,
  bookings,
  closures,
  discountCategories,
  discounts,
  messages,
  otpCodes,
  passwordResetTokens,
  reviews,
  salonContact,
  salonSettings,
  services,
  sessions,
  specialistDays,
  specialists,
  specialistSchedules,
  specialistServices,
  timeOff,
  users,
  waitlist,
  waitlistOffers,
  webhookEndpoints,
} from '@/server/db/schema';
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_SPECIALIST } from '@/server/setup/seed';
import { addCalendarDays, instantAt, todayIn } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import { bookingRow, createCustomer, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import { jpegBytes, jpegDataUrl, signedIn, storedUploads } from '@/server/test/catalogue';
import {
  TIME_SLOT,
  expectContactInfo,
  expectContractFields,
  expectEntity,
  expectErrorEnvelope,
  expectStats,
  expectSuccessEnvelope,
  jsonBody,
} from '@/server/test/contract-shapes';
import { recordApiAnswers } from '@/server/test/api-answers';
import { TestClient } from '@/server/test/http';
import { codeIn, type TestSmtpServer } from '@/server/test/smtp';
import type { TestEnvironment } from '@/server/test/test-db';
import { CONTRACT_TABLE, routeKey, rowName, type ContractRow } from './contract-table';
import { restRoutes } from './routes';

const API = '/api/v1';

/** One row's request, made afresh for each test so that rows do not depend on each other. */
interface Prepared {
  /** The row's path with its ids filled in (and its query, if any). */
  path: string;
  body?: Record<string, unknown> | FormData;
  /** The id a delete names: its `data` must be `{_id: id}`. */
  id?: string;
  /** What else this row's answer must show. */
  verify?: (data: unknown, client: TestClient) => void | Promise<void>;
  /** Runs after the request whatever happened (e.g. puts the admin password back). */
  cleanup?: (response: LightMyRequestResponse) => Promise<void>;
  /**
   * The signed-in client to send the successful request with, instead of the row's usual one: a
   * customer of its own for a row that would take the demo customer's account away (delete, new e-mail).
   */
  client?: TestClient;
}

/** Who sends a request: nobody signed in, the demo customer, the demo admin, or another customer. */
type Who = 'none' | 'customer' | 'admin' | 'other-customer';

const WHO_TEXT: Record<Who, string> = {
  none: 'no session',
  customer: 'a customer session',
  admin: 'an admin session',
  'other-customer': 'another customer’s session',
};

/** The sessions that must succeed for a row. */
const successSessions = (row: ContractRow): Who[] =>
  row.session === 'author-or-admin' ? ['customer', 'admin'] : [row.session];

/** The wrong sessions for a row and their answers: 401 without a session, 403 with the wrong role. */
function wrongSessions(row: ContractRow): { who: Who; status: 401 | 403 }[] {
  switch (row.session) {
    case 'admin':
      return [
        { who: 'none', status: 401 },
        { who: 'customer', status: 403 },
      ];
    case 'customer':
      return [{ who: 'none', status: 401 }];
    case 'author-or-admin':
      return [
        { who: 'none', status: 401 },
        { who: 'other-customer', status: 403 },
      ];
    case 'none':
      return [];
  }
}

/** A multipart body: a `string[]` value as repeated parts under its (`name[]`) name, files as real JPEGs. */
async function multipart(fields: Record<string, string | string[]>, fileNames: string[]): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const name of fileNames) {
    form.append(name, new Blob([new Uint8Array(await jpegBytes())], { type: 'image/jpeg' }), `${name}.jpg`);
  }
  return form;
}

/** The payload names a prepared request sends: JSON keys, multipart part names, or query names. */
function sentNames(row: ContractRow, prepared: Prepared): string[] {
  if (row.payloadKind === 'query') return [...new URL(prepared.path, 'http://x').searchParams.keys()];
  if (prepared.body instanceof FormData) return [...new Set(prepared.body.keys())];
  return Object.keys(prepared.body ?? {});
}

/** JSON pointer escaping of path segments. */
const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown> } | undefined>>;
}

const must = <T>(value: T | undefined | null, what: string): T => {
  if (value === undefined || value === null) throw new Error(`missing ${what}`);
  return value;
};

describe('the REST contract of /api/v1', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  const registered: { method: string; url: string }[] = [];
  let counter = 0;
  const next = () => ++counter;
  let appointments = 0;
  let openApi: OpenApiDocument;
  let answers: ReturnType<typeof recordApiAnswers>;
  const ajv = new Ajv2020({ strict: false, validateFormats: false });

  const salon = useTestApp({
    smtp: true,
    env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' },
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  beforeAll(async () => {
    ({ env, app, smtp } = salon);
    answers = recordApiAnswers(app);
    await app.ready();
    const served = await app.inject({ method: 'GET', url: `${API}/openapi.json` });
    expect(served.statusCode).toBe(200);
    openApi = served.json<OpenApiDocument>();
    ajv.addSchema({ ...openApi, $id: 'openapi.json' });
  });

  const db = () => env.database.db;
  const zone = () => env.config.timezone;
  const today = () => todayIn(zone());
  const demoCustomerId = () =>
    must(db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email)).get(), 'demo customer')
      .id;

  /** A waiting waitlist entry of the demo customer for Classic Manicure, over 60 days from today. */
  const waitingEntry = (): string => {
    const id = newId();
    db()
      .insert(waitlist)
      .values({
        id,
        userId: demoCustomerId(),
        items: JSON.stringify([{ serviceId: idOfService(db(), 'Classic Manicure'), specialistId: null }]),
        fromDate: today(),
        toDate: addCalendarDays(today(), 59),
        partOfDay: 'any',
      })
      .run();
    return id;
  };
  /** An open offer of 11:00 with Maya to a waiting entry of the demo customer, and its link's token. */
  const openOffer = (): { token: string; id: string; day: string; entryId: string } => {
    const entryId = waitingEntry();
    const day = futureWorkday(zone(), 15 + 2 * ++appointments, ['Tuesday', 'Thursday', 'Friday', 'Saturday']);
    const token = `offer${String(next())}token`;
    const id = newId();
    db()
      .insert(waitlistOffers)
      .values({
        id,
        entryId,
        tokenHash: hashToken(token),
        bookingDate: day,
        timeSlot: '11:00',
        items: JSON.stringify([
          { serviceId: idOfService(db(), 'Classic Manicure'), specialistId: idOfSpecialist(db(), 'Maya Chen') },
        ]),
        expiresAt: new Date(Date.now() + 30 * 60_000),
      })
      .run();
    return { token, id, day, entryId };
  };
  const clearWaitlist = (): Promise<void> => {
    db().delete(waitlist).run();
    return Promise.resolve();
  };

  /** A mail that failed for good, its content kept (so it can be sent again). */
  const failedMessage = (): string => {
    const id = newId();
    db()
      .insert(messages)
      .values({
        id,
        kind: 'signup-code',
        channel: 'mail',
        recipient: 'gone@example.test',
        payload: JSON.stringify({ template: 'signup-code', code: '1234' }),
        status: 'failed',
        attempts: 10,
        dueAt: new Date(),
        lastError: '550 No such mailbox',
      })
      .run();
    return id;
  };
  /** An endpoint no event is sent to (subscribed to none the tests cause). */
  /** A back-office account of `role` (with a password unless `passwordHash` is ''), its id. */
  const staffAccount = (role: 'reception' | 'manager', passwordHash = 'not-a-hash'): string => {
    const id = newId();
    db()
      .insert(admins)
      .values({ id, fullName: 'Sam Staff', email: `sam${next()}@staff.test`, passwordHash, role })
      .run();
    return id;
  };
  const webhookEndpoint = (): string => {
    const id = newId();
    db()
      .insert(webhookEndpoints)
      .values({
        id,
        url: 'http://127.0.0.1:9/contract',
        events: JSON.stringify(['review.created']),
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .run();
    return id;
  };

  async function clientFor(who: Who): Promise<TestClient> {
    if (who === 'none') return new TestClient(app);
    if (who === 'other-customer') return (await createCustomer(app, db(), 'Olga Other')).client;
    return signedIn(app, who);
  }

  /** Everything a refused request could have changed: the salon's tables and the uploads folder. */
  const snapshot = () => ({
    users: db().select().from(users).all(),
    admins: db().select().from(admins).all(),
    sessions: db().select({ id: sessions.id, userId: sessions.userId, adminId: sessions.adminId }).from(sessions).all(),
    services: db().select().from(services).all(),
    specialists: db().select().from(specialists).all(),
    specialistDays: db().select().from(specialistDays).all(),
    specialistServices: db().select().from(specialistServices).all(),
    specialistSchedules: db().select().from(specialistSchedules).all(),
    timeOff: db().select().from(timeOff).all(),
    closures: db().select().from(closures).all(),
    // The rows a request could add; the delivery loop updates their status meanwhile.
    messages: db().select({ id: messages.id, kind: messages.kind, recipient: messages.recipient }).from(messages).all(),
    webhookEndpoints: db().select().from(webhookEndpoints).all(),
    salonSettings: db().select().from(salonSettings).all(),
    bookings: db().select().from(bookings).all(),
    reviews: db().select().from(reviews).all(),
    discounts: db().select().from(discounts).all(),
    discountCategories: db().select().from(discountCategories).all(),
    salonContact: db().select().from(salonContact).all(),
    otpCodes: db().select().from(otpCodes).all(),
    passwordResetTokens: db().select().from(passwordResetTokens).all(),
    uploads: storedUploads(env.config),
  });

  // The entities rows need, made fresh for each row through tRPC (not through the path under test).

  async function newService(): Promise<Service> {
    const admin = await signedIn(app, 'admin');
    const created = await admin.trpc<Service>('mutation', 'admin.services.create', {
      name: `Contract Service ${next()}`,
      price: 30,
      duration: 30,
      category: 'Nail care',
      description: 'A service made for one contract row.',
      image: await jpegDataUrl(),
    });
    return must(created.data, 'created service');
  }

  /** A specialist written straight into the database, for rows that only need one to exist. */
  function newSpecialistId(): string {
    const id = newId();
    db()
      .insert(specialists)
      .values({
        id,
        name: `Row Specialist ${next()}`,
        phone: '9811100000',
        email: 'row@salon.test',
        availableFrom: '09:00',
        availableTo: '17:00',
        imageUrl: 'x.jpg',
      })
      .run();
    return id;
  }

  async function newSpecialist(): Promise<Specialist> {
    const admin = await signedIn(app, 'admin');
    const n = next();
    const created = await admin.trpc<Specialist>('mutation', 'admin.specialists.create', {
      name: `Contract Specialist ${n}`,
      phone: '9811100000',
      email: `specialist${n}@salon.test`,
      availableFrom: '09:00',
      availableTo: '17:00',
      availableDays: ['Monday', 'Tuesday'],
      expertise: [idOfService(db(), 'Classic Manicure')],
      image: await jpegDataUrl(),
    });
    return must(created.data, 'created specialist');
  }

  async function newDiscount(): Promise<Discount> {
    const admin = await signedIn(app, 'admin');
    const created = await admin.trpc<Discount>('mutation', 'admin.discounts.create', {
      title: `Contract Discount ${next()}`,
      percentage: 10,
      description: 'A discount made for one contract row.',
      validFrom: today(),
      validTill: addCalendarDays(today(), 10),
      category: ['Nail care'],
      image: await jpegDataUrl(),
    });
    return must(created.data, 'created discount');
  }

  /** A discount that ended yesterday, written straight into the database (the API refuses a past Valid Till). */
  function expiredDiscount(): string {
    const id = newId();
    db()
      .insert(discounts)
      .values({
        id,
        title: `Expired Discount ${next()}`,
        percentage: 5,
        description: 'Over and done.',
        validFrom: addCalendarDays(today(), -10),
        validTill: addCalendarDays(today(), -1),
        imageUrl: '/uploads/demo-discount-autumn.jpg',
      })
      .run();
    db().insert(discountCategories).values({ discountId: id, category: 'Nail care' }).run();
    return id;
  }

  /** A pending review of Classic Manicure by the demo customer. */
  async function newReview(): Promise<Review> {
    const customer = await signedIn(app, 'customer');
    const created = await customer.trpc<Review>('mutation', 'customer.reviews.create', {
      service: idOfService(db(), 'Classic Manicure'),
      rating: 4,
      comment: `A review written for contract row ${next()}.`,
    });
    return must(created.data, 'created review');
  }

  /** A pending booking of the demo customer with Maya Chen, on a day of its own, written straight into the database. */
  function newBooking(): string {
    const row = bookingRow({
      userId: demoCustomerId(),
      serviceId: idOfService(db(), 'Classic Manicure'),
      specialistId: idOfSpecialist(db(), 'Maya Chen'),
      // Two days apart: a Sunday moves to the Monday after it, never onto the next booking's day.
      day: futureWorkday(zone(), 40 + 2 * next()),
      time: '09:00',
      timeZone: zone(),
    });
    db().insert(bookings).values(row).run();
    return row.id;
  }

  // The till's entities, made through tRPC as the front desk would (not through the path under test).

  /** A sale taken through tRPC; `input` is as `POST /admin/sales` takes it. */
  async function takeSale(input: CreateSaleInput): Promise<Sale> {
    const admin = await signedIn(app, 'admin');
    const taken = await admin.trpc<Sale>('mutation', 'admin.sales.create', input);
    expect(taken.error?.message).toBeUndefined();
    return must(taken.data, 'taken sale');
  }

  /** A walk-in sale of a $12.50 shampoo, paid by card. */
  const shampooSale = (customerName?: string): Promise<Sale> =>
    takeSale({
      items: [{ description: 'Shampoo', price: 12.5 }],
      payments: [{ method: 'card', amount: 12.5 }],
      ...(customerName === undefined ? {} : { customerName }),
    });

  /** A gift voucher of `value` dollars sold through tRPC, paid by card. */
  async function newVoucher(value: number): Promise<VoucherDetails> {
    const admin = await signedIn(app, 'admin');
    const sold = await admin.trpc<VoucherDetails>('mutation', 'admin.vouchers.create', { value, buyerName: 'Ann' });
    expect(sold.error?.message).toBeUndefined();
    return must(sold.data, 'sold voucher');
  }

  /** A voucher as it stands now, by its code, through tRPC. */
  async function voucherNow(code: string): Promise<VoucherDetails> {
    const admin = await signedIn(app, 'admin');
    return must((await admin.trpc<VoucherDetails>('query', 'admin.vouchers.byCode', { code })).data, 'voucher');
  }

  /** A cash-up of today recorded through tRPC. */
  async function newCashUp(input: { counted: number; float?: number; note?: string }): Promise<CashUp> {
    const admin = await signedIn(app, 'admin');
    const recorded = await admin.trpc<CashUp>('mutation', 'admin.cashUps.create', { date: today(), ...input });
    expect(recorded.error?.message).toBeUndefined();
    return must(recorded.data, 'cash-up');
  }

  const reviewExists = (id: string) =>
    db().select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id)).get() !== undefined;

  async function mailedCode(email: string): Promise<string> {
    return codeIn((await smtp.waitForMail(email)).text);
  }

  const serviceForm = async (name: string) =>
    multipart(
      { name, price: '42.5', duration: '50', description: 'Made through the contract suite.', category: 'Make up' },
      ['image'],
    );

  const specialistForm = async (name: string) =>
    multipart(
      {
        name,
        phone: '9811122233',
        email: 'contract.specialist@salon.test',
        'availableDays[]': ['Wednesday', 'Monday'],
        'expertise[]': [idOfService(db(), 'Gel Pedicure'), idOfService(db(), 'Classic Manicure')],
        availableFrom: '09:30',
        availableTo: '17:00',
      },
      ['image'],
    );

  const discountForm = async (title: string) =>
    multipart(
      {
        title,
        percentage: '15',
        description: 'Made through the contract suite.',
        validFrom: today(),
        validTill: addCalendarDays(today(), 7),
        'category[]': ['Nail care', 'Make up'],
      },
      ['image'],
    );

  const listOf = async <T>(path: string, who: Who = 'none'): Promise<T[]> => {
    const response = await (await clientFor(who)).rest<T[]>('GET', path);
    expect(response.status).toBe(200);
    return response.body.data;
  };

  /** How to make each row's request, by row name; every row must have one. */
  const REQUESTS: Record<string, () => Promise<Prepared>> = {
    // Authentication and account
    'POST /users/login': () =>
      Promise.resolve({
        path: '/users/login',
        body: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
        verify: (data, client) => {
          expect((data as { user: { email: string } }).user.email).toBe(DEMO_CUSTOMER.email);
          expect(client.cookies.has('salon_session')).toBe(true);
        },
      }),
    'POST /admin/login': () =>
      Promise.resolve({
        path: '/admin/login',
        body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
        verify: (data, client) => {
          expect((data as { user: { email: string } }).user.email).toBe(DEMO_ADMIN.email);
          expect(client.cookies.has('salon_admin_session')).toBe(true);
        },
      }),
    'POST /users/register': async () => {
      const email = `signup${next()}@example.test`;
      await new TestClient(app).trpc('mutation', 'public.auth.sendOtp', { email });
      // Sign-up is the browser's that typed the code (it holds the proof cookie).
      const browser = new TestClient(app);
      const verified = await browser.trpc('mutation', 'public.auth.verifyOtp', { email, otp: await mailedCode(email) });
      expect(verified.status).toBe(200);
      return {
        client: browser,
        path: '/users/register',
        body: await multipart({ fullName: 'Nora Contract', email, password: 'contract-pass', phone: '9876512345' }, [
          'avatar',
        ]),
        verify: (data) => {
          expect(data).toMatchObject({ fullName: 'Nora Contract', email, phone: '9876512345' });
        },
      };
    },
    'POST /users/logout': () =>
      Promise.resolve({
        path: '/users/logout',
        verify: async (_data, client) => {
          expect((await client.rest('GET', '/users/me')).status).toBe(401);
        },
      }),
    'POST /admin/logout': () =>
      Promise.resolve({
        path: '/admin/logout',
        verify: async (_data, client) => {
          expect((await client.rest('GET', '/admin/me')).status).toBe(401);
        },
      }),
    'GET /users/me': () =>
      Promise.resolve({
        path: '/users/me',
        verify: (data) => {
          expect(data).toMatchObject({ email: DEMO_CUSTOMER.email, fullName: DEMO_CUSTOMER.fullName });
        },
      }),
    'GET /admin/me': () =>
      Promise.resolve({
        path: '/admin/me',
        verify: (data) => {
          expect(data).toMatchObject({ email: DEMO_ADMIN.email });
        },
      }),
    'PATCH /admin/update': async () => ({
      path: '/admin/update',
      // The demo salon's own details, so other rows see the salon unchanged.
      body: await multipart(
        {
          fullName: DEMO_ADMIN.fullName,
          email: DEMO_ADMIN.email,
          phone: '9876543210',
          secondaryPhone: '9123456780',
          address: '12 Rose Street, Bandra West, Mumbai 400050',
          latitude: '19.0596',
          longitude: '72.8295',
        },
        ['avatar'],
      ),
      verify: async (data) => {
        expect(data).toMatchObject({ fullName: DEMO_ADMIN.fullName, location: { lat: 19.0596, lng: 72.8295 } });
        const contact = await new TestClient(app).rest('GET', '/contact-info');
        expect(contact.body.data).toMatchObject({ phone: '9876543210', location: { lat: 19.0596, lng: 72.8295 } });
      },
    }),
    'POST /admin/change-password': () => {
      const newPassword = `contract-${next()}-pass`;
      return Promise.resolve({
        path: '/admin/change-password',
        body: { currentPassword: DEMO_ADMIN.password, newPassword },
        verify: async () => {
          const login = await new TestClient(app).rest('POST', '/admin/login', {
            email: DEMO_ADMIN.email,
            password: newPassword,
          });
          expect(login.status).toBe(200);
        },
        // The other rows sign the admin in with the demo password: put it back once changed.
        cleanup: async (response) => {
          if (response.statusCode !== 200) return;
          const admin = new TestClient(app);
          await admin.trpc('mutation', 'public.adminAuth.login', { email: DEMO_ADMIN.email, password: newPassword });
          const back = await admin.trpc('mutation', 'admin.account.changePassword', {
            currentPassword: newPassword,
            newPassword: DEMO_ADMIN.password,
          });
          expect(back.status).toBe(200);
        },
      });
    },
    'PATCH /users/me': async () => ({
      path: '/users/me',
      // The demo customer's own name and phone, so other rows see them unchanged.
      body: await multipart({ fullName: DEMO_CUSTOMER.fullName, phone: '9876501234' }, ['avatar']),
      verify: async (data, client) => {
        expect(data).toMatchObject({
          fullName: DEMO_CUSTOMER.fullName,
          phone: '9876501234',
          email: DEMO_CUSTOMER.email,
        });
        expect((data as { avatar: { url: string } | null }).avatar?.url).toMatch(/^http/);
        const me = await client.rest('GET', '/users/me');
        expect(me.body.data).toMatchObject({ phone: '9876501234' });
      },
    }),
    'GET /users/me/export': () =>
      Promise.resolve({
        path: '/users/me/export',
        verify: (data) => {
          const exported = data as { profile: { email: string }; bookings: unknown[]; reviews: unknown[] };
          expect(exported.profile.email).toBe(DEMO_CUSTOMER.email);
          expect(Array.isArray(exported.bookings) && Array.isArray(exported.reviews)).toBe(true);
        },
      }),
    'GET /users/me/reminder-mails': () =>
      Promise.resolve({
        path: '/users/me/reminder-mails',
        verify: (data) => {
          expect(data).toEqual({ reminderMails: true });
        },
      }),
    'PUT /users/me/reminder-mails': () =>
      Promise.resolve({
        path: '/users/me/reminder-mails',
        body: { reminderMails: true },
        verify: (data) => {
          expect(data).toEqual({ reminderMails: true });
        },
      }),
    'GET /users/me/nudges': () =>
      Promise.resolve({
        path: '/users/me/nudges',
        verify: (data) => {
          expect(data).toEqual({ nudges: true });
        },
      }),
    'PUT /users/me/nudges': () =>
      Promise.resolve({
        path: '/users/me/nudges',
        body: { nudges: true },
        verify: (data) => {
          expect(data).toEqual({ nudges: true });
        },
      }),
    'POST /users/change-email/send-otp': () => {
      const email = `moving${next()}@example.test`;
      return Promise.resolve({
        path: '/users/change-email/send-otp',
        body: { email },
        verify: async () => {
          expect(await mailedCode(email)).toMatch(/^\d{4}$/);
        },
      });
    },
    'POST /users/change-email': async () => {
      const customer = await createCustomer(app, db(), 'Mona Mover');
      // The account answered is a whole user, picture included: the demo customer's.
      const demoAvatar = must(
        db().select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, demoCustomerId())).get(),
        'demo customer',
      ).avatarUrl;
      db().update(users).set({ avatarUrl: demoAvatar }).where(eq(users.id, customer.id)).run();
      const email = `moved${next()}@example.test`;
      const sent = await customer.client.trpc('mutation', 'customer.account.requestEmailChange', { email });
      expect(sent.status).toBe(200);
      return {
        path: '/users/change-email',
        body: { email, otp: await mailedCode(email), currentPassword: 'booking-pass' },
        client: customer.client,
        verify: async (data, client) => {
          expect(data).toMatchObject({ _id: customer.id, email });
          expect((await client.rest('GET', '/users/me')).body.data).toMatchObject({ email });
        },
      };
    },
    'DELETE /users/me': async () => {
      const customer = await createCustomer(app, db(), 'Dora Departing');
      return {
        path: '/users/me',
        body: { password: 'booking-pass' },
        client: customer.client,
        verify: async (data, client) => {
          expect(data).toEqual({ message: 'Your account has been deleted.' });
          expect((await client.rest('GET', '/users/me')).status).toBe(401);
          expect(
            db()
              .select({ fullName: users.fullName, email: users.email })
              .from(users)
              .where(eq(users.id, customer.id))
              .get(),
          ).toEqual({
            fullName: 'Former customer',
            email: '',
          });
        },
      };
    },
    'POST /users/change-password': () => {
      const newPassword = `contract-${next()}-pass`;
      return Promise.resolve({
        path: '/users/change-password',
        body: { currentPassword: DEMO_CUSTOMER.password, newPassword },
        verify: async () => {
          const login = await new TestClient(app).rest('POST', '/users/login', {
            email: DEMO_CUSTOMER.email,
            password: newPassword,
          });
          expect(login.status).toBe(200);
        },
        // The other rows sign the customer in with the demo password: put it back once changed.
        cleanup: async (response) => {
          if (response.statusCode !== 200) return;
          const customer = new TestClient(app);
          await customer.trpc('mutation', 'public.auth.login', { email: DEMO_CUSTOMER.email, password: newPassword });
          const back = await customer.trpc('mutation', 'customer.account.changePassword', {
            currentPassword: newPassword,
            newPassword: DEMO_CUSTOMER.password,
          });
          expect(back.status).toBe(200);
        },
      });
    },
    'POST /users/forgot-password': async () => {
      const { email } = await createCustomer(app, db(), 'Fiona Forgetful');
      return {
        path: '/users/forgot-password',
        body: { email },
        verify: async () => {
          expect((await smtp.waitForMail(email)).text).toMatch(/http:\/\/salon\.test\/reset-password\/\S+/);
        },
      };
    },
    'POST /users/reset-password': async () => {
      const { id, email } = await createCustomer(app, db(), 'Rita Resetter');
      return {
        path: '/users/reset-password',
        body: { token: issueResetToken(db(), 'user', id), password: 'brand-new-pass' },
        verify: async () => {
          expect(
            (await new TestClient(app).rest('POST', '/users/login', { email, password: 'brand-new-pass' })).status,
          ).toBe(200);
        },
      };
    },
    'POST /otp/send-otp': () => {
      const email = `code${next()}@example.test`;
      return Promise.resolve({
        path: '/otp/send-otp',
        body: { email },
        verify: async () => {
          expect(await mailedCode(email)).toMatch(/^\d{4}$/);
        },
      });
    },
    'POST /otp/verify-otp': async () => {
      const email = `verify${next()}@example.test`;
      await new TestClient(app).trpc('mutation', 'public.auth.sendOtp', { email });
      return { path: '/otp/verify-otp', body: { email, otp: await mailedCode(email) } };
    },
    'POST /users/refresh-token': () =>
      Promise.resolve({
        path: '/users/refresh-token',
        verify: (_data, client) => {
          expect(client.lastSetCookies.some((cookie) => cookie.startsWith('salon_session='))).toBe(true);
        },
      }),
    'POST /admin/refresh-token': () =>
      Promise.resolve({
        path: '/admin/refresh-token',
        verify: (_data, client) => {
          expect(client.lastSetCookies.some((cookie) => cookie.startsWith('salon_admin_session='))).toBe(true);
        },
      }),

    // Admin data
    'GET /admin/stats': () => Promise.resolve({ path: '/admin/stats' }),
    'GET /admin/bookings': () => {
      const id = newBooking();
      return Promise.resolve({
        path: '/admin/bookings',
        verify: (data) => {
          expect((data as Booking[]).map((booking) => booking._id)).toContain(id);
        },
      });
    },
    'GET /admin/bookings?limit=5': () => {
      for (let i = 0; i < 6; i++) newBooking();
      return Promise.resolve({
        path: '/admin/bookings?limit=5',
        verify: (data) => {
          expect(data).toHaveLength(5);
        },
      });
    },
    'PATCH /admin/bookings/{id}/status': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/admin/bookings/${id}/status`,
        body: { status: 'confirmed' },
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, status: 'confirmed' });
        },
      });
    },
    'DELETE /admin/bookings/{id}': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/admin/bookings/${id}`,
        id,
        verify: () => {
          expect(db().select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).get()).toBeUndefined();
        },
      });
    },
    'POST /admin/services/': async () => {
      const name = `Contract Lash Lift ${next()}`;
      return {
        path: '/admin/services/',
        body: await serviceForm(name),
        verify: (data) => {
          expect(data).toMatchObject({ name, price: 42.5, duration: 50, category: 'Make up' });
        },
      };
    },
    'PATCH /admin/services/{id}': async () => {
      const { _id: id } = await newService();
      const name = `Contract Renamed Service ${next()}`;
      return {
        path: `/admin/services/${id}`,
        body: await serviceForm(name),
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, name, price: 42.5, duration: 50, category: 'Make up' });
        },
      };
    },
    'DELETE /admin/services/{id}': async () => {
      const { _id: id } = await newService();
      return {
        path: `/admin/services/${id}`,
        id,
        verify: async () => {
          expect((await listOf<Service>('/services')).map((service) => service._id)).not.toContain(id);
        },
      };
    },
    'POST /admin/specialists': async () => {
      const name = `Contract Ines ${next()}`;
      return {
        path: '/admin/specialists',
        body: await specialistForm(name),
        verify: (data) => {
          const specialist = data as Specialist;
          expect(specialist).toMatchObject({
            name,
            availableFrom: '09:30',
            availableTo: '17:00',
            availableDays: ['Monday', 'Wednesday'],
          });
          expect(specialist.expertise.map((service) => service.name).sort()).toEqual([
            'Classic Manicure',
            'Gel Pedicure',
          ]);
        },
      };
    },
    'PATCH /admin/specialists/{id}': async () => {
      const { _id: id } = await newSpecialist();
      const name = `Contract Renamed Specialist ${next()}`;
      return {
        path: `/admin/specialists/${id}`,
        body: await specialistForm(name),
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, name, availableDays: ['Monday', 'Wednesday'] });
        },
      };
    },
    'DELETE /admin/specialists/{id}': async () => {
      const { _id: id } = await newSpecialist();
      return {
        path: `/admin/specialists/${id}`,
        id,
        verify: async () => {
          expect((await listOf<Specialist>('/specialists')).map((specialist) => specialist._id)).not.toContain(id);
        },
      };
    },
    'PATCH /admin/reviews/{id}/approve': async () => {
      const { _id: id } = await newReview();
      return {
        path: `/admin/reviews/${id}/approve`,
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, status: 'Approved' });
        },
      };
    },
    'POST /admin/discounts/': async () => {
      const title = `Contract Deal ${next()}`;
      return {
        path: '/admin/discounts/',
        body: await discountForm(title),
        verify: (data) => {
          expect(data).toMatchObject({ title, percentage: 15, validFrom: today(), isActive: true });
          expect([...(data as Discount).category].sort()).toEqual(['Make up', 'Nail care']);
        },
      };
    },
    'PATCH /admin/discounts/{id}': async () => {
      const { _id: id } = await newDiscount();
      const title = `Contract Renamed Deal ${next()}`;
      return {
        path: `/admin/discounts/${id}`,
        body: await discountForm(title),
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, title, percentage: 15 });
        },
      };
    },
    'DELETE /admin/discounts/{id}': async () => {
      const { _id: id } = await newDiscount();
      return {
        path: `/admin/discounts/${id}`,
        id,
        verify: async () => {
          expect((await listOf<Discount>('/admin/discounts', 'admin')).map((discount) => discount._id)).not.toContain(
            id,
          );
        },
      };
    },
    'GET /admin/discounts': () => {
      const expired = expiredDiscount();
      return Promise.resolve({
        path: '/admin/discounts',
        verify: (data) => {
          expect((data as Discount[]).find((discount) => discount._id === expired)).toMatchObject({ isActive: false });
        },
      });
    },

    // Public data
    'GET /services': () => Promise.resolve({ path: '/services' }),
    'GET /specialists': () =>
      Promise.resolve({
        path: '/specialists',
        verify: (data) => {
          expect((data as Specialist[]).some((specialist) => specialist.expertise.length > 0)).toBe(true);
        },
      }),
    'GET /reviews': async () => {
      const { _id: pending } = await newReview();
      return {
        path: '/reviews',
        verify: (data) => {
          const listed = data as Review[];
          expect(listed.every((review) => review.status === 'Approved')).toBe(true);
          expect(listed.map((review) => review._id)).not.toContain(pending);
        },
      };
    },
    'POST /reviews/{serviceId}': () => {
      const serviceId = idOfService(db(), 'Gel Pedicure');
      return Promise.resolve({
        path: `/reviews/${serviceId}`,
        body: { service: serviceId, rating: 5, comment: 'Glossy for three weeks, not a single chip.' },
        verify: (data) => {
          expect(data).toMatchObject({
            service: { _id: serviceId, name: 'Gel Pedicure' },
            rating: 5,
            status: 'Pending',
          });
        },
      });
    },
    'DELETE /reviews/{id}': async () => {
      const { _id: id } = await newReview();
      return {
        path: `/reviews/${id}`,
        id,
        verify: () => {
          expect(reviewExists(id)).toBe(false);
        },
      };
    },
    'GET /discounts': () => {
      const expired = expiredDiscount();
      return Promise.resolve({
        path: '/discounts',
        verify: (data) => {
          const listed = data as Discount[];
          expect(listed.map((discount) => discount._id)).not.toContain(expired);
          expect(listed.every((discount) => discount.validTill >= today())).toBe(true);
        },
      });
    },
    'GET /contact-info': () => Promise.resolve({ path: '/contact-info' }),
    'POST /users/appointment': () => {
      // Within the booking horizon, a day of its own, at a time no directly written booking uses.
      const day = futureWorkday(zone(), 14 + 2 * ++appointments);
      return Promise.resolve({
        path: '/users/appointment',
        body: {
          firstName: 'Clara',
          lastName: 'Demo',
          email: DEMO_CUSTOMER.email,
          phone: '9000000001',
          bookingDate: day,
          timeSlot: '11:00',
          service: 'Classic Manicure',
          specialist: 'Maya Chen',
        },
        verify: (data) => {
          expect(data).toMatchObject({
            bookingDate: day,
            timeSlot: '11:00',
            status: 'pending',
            service: { name: 'Classic Manicure' },
            specialist: { name: 'Maya Chen' },
            user: { _id: demoCustomerId() },
          });
        },
      });
    },
    'GET /users/appointment/available-slots': () => {
      const query = new URLSearchParams({
        specialistId: idOfSpecialist(db(), 'Maya Chen'),
        bookingDate: futureWorkday(zone(), 10),
        serviceName: 'Classic Manicure',
      });
      return Promise.resolve({
        path: `/users/appointment/available-slots?${query.toString()}`,
        verify: (data) => {
          expect(data).toContain('10:00');
        },
      });
    },

    // Beyond the spec
    'GET /users/appointment': () => {
      const id = newBooking();
      return Promise.resolve({
        path: '/users/appointment',
        verify: (data) => {
          const listed = data as Booking[];
          expect(listed.map((booking) => booking._id)).toContain(id);
          expect(listed.every((booking) => booking.user._id === demoCustomerId())).toBe(true);
        },
      });
    },
    'PATCH /users/appointment/{id}/cancel': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/users/appointment/${id}/cancel`,
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, status: 'cancelled' });
        },
      });
    },
    // The salon's day
    'GET /admin/calendar?from=YYYY-MM-DD&to=YYYY-MM-DD': () => {
      const day = futureWorkday(zone(), 3);
      return Promise.resolve({
        path: `/admin/calendar?from=${day}&to=${addCalendarDays(day, 6)}`,
        verify: (data) => {
          expect(data).toMatchObject({ from: day, to: addCalendarDays(day, 6) });
          expect(Object.keys(data as object).sort()).toEqual([
            'bookings',
            'closures',
            'customers',
            'from',
            'now',
            'specialists',
            'stepMinutes',
            'timeOff',
            'to',
          ]);
        },
      });
    },
    'GET /admin/specialists/{id}/schedule': () =>
      Promise.resolve({
        path: `/admin/specialists/${idOfSpecialist(db(), 'Maya Chen')}/schedule`,
        verify: (data) => {
          expect((data as { days: unknown[] }).days).toHaveLength(7);
        },
      }),
    'PUT /admin/specialists/{id}/schedule': () => {
      const id = newSpecialistId();
      return Promise.resolve({
        path: `/admin/specialists/${id}/schedule`,
        body: {
          days: [
            {
              day: 'Monday',
              ranges: [
                { from: '09:00', to: '13:00' },
                { from: '14:00', to: '18:00' },
              ],
            },
          ],
        },
        verify: (data) => {
          expect((data as { days: { day: string; own: boolean }[] }).days.find((d) => d.day === 'Monday')?.own).toBe(
            true,
          );
        },
      });
    },
    'GET /admin/specialists/{id}/time-off': () => {
      const id = newSpecialistId();
      const day = futureWorkday(zone(), 4);
      db()
        .insert(timeOff)
        .values({
          id: newId(),
          specialistId: id,
          startsLocal: `${day}T09:00`,
          endsLocal: `${day}T10:00`,
          startsAt: instantAt(day, '09:00', zone()),
          endsAt: instantAt(day, '10:00', zone()),
        })
        .run();
      return Promise.resolve({ path: `/admin/specialists/${id}/time-off` });
    },
    'POST /admin/specialists/{id}/time-off': () => {
      const id = newSpecialistId();
      const day = futureWorkday(zone(), 4);
      return Promise.resolve({
        path: `/admin/specialists/${id}/time-off`,
        body: { startsAt: `${day}T09:00`, endsAt: `${addCalendarDays(day, 2)}T18:00`, reason: 'Holiday' },
        verify: (data) => {
          expect(data).toMatchObject({ startsAt: `${day}T09:00`, reason: 'Holiday', affectedBookings: [] });
        },
      });
    },
    'DELETE /admin/specialists/{id}/time-off/{timeOffId}': () => {
      const id = newSpecialistId();
      const day = futureWorkday(zone(), 4);
      const timeOffId = newId();
      db()
        .insert(timeOff)
        .values({
          id: timeOffId,
          specialistId: id,
          startsLocal: `${day}T09:00`,
          endsLocal: `${day}T10:00`,
          startsAt: instantAt(day, '09:00', zone()),
          endsAt: instantAt(day, '10:00', zone()),
        })
        .run();
      return Promise.resolve({ path: `/admin/specialists/${id}/time-off/${timeOffId}`, id: timeOffId });
    },
    'GET /admin/closures': () => {
      db()
        .insert(closures)
        .values({ id: newId(), day: addCalendarDays(todayIn(zone()), 200 + next()) })
        .onConflictDoNothing()
        .run();
      return Promise.resolve({ path: '/admin/closures' });
    },
    'POST /admin/closures': () =>
      Promise.resolve({
        path: '/admin/closures',
        body: { date: addCalendarDays(todayIn(zone()), 300 + next()), reason: 'Public holiday' },
      }),
    'DELETE /admin/closures/{id}': () => {
      const id = newId();
      db()
        .insert(closures)
        .values({ id, day: addCalendarDays(todayIn(zone()), 400 + next()) })
        .run();
      return Promise.resolve({ path: `/admin/closures/${id}`, id });
    },
    // The salon's opening hours; the week saved spans every demo specialist's hours.
    'GET /opening-hours': () =>
      Promise.resolve({
        path: '/opening-hours',
        verify: (data) => expect((data as { days: { day: string }[] }).days.map((d) => d.day)).toEqual([...WEEKDAYS]),
      }),
    'GET /admin/opening-hours': () =>
      Promise.resolve({
        path: '/admin/opening-hours',
        verify: (data) => expect(data).toMatchObject({ saved: expect.any(Boolean) as unknown }),
      }),
    'PUT /admin/opening-hours': () =>
      Promise.resolve({
        path: '/admin/opening-hours',
        body: { days: WEEKDAYS.map((day) => ({ day, ranges: [{ from: '08:00', to: '21:00' }] })) },
        verify: (data) => expect(data).toMatchObject({ saved: true, affectedBookings: [] }),
      }),
    'POST /admin/bookings': () =>
      Promise.resolve({
        path: '/admin/bookings',
        body: {
          firstName: 'Phil',
          lastName: 'Phoned',
          phone: '9000022222',
          email: `phoned${next()}@example.test`,
          bookingDate: futureWorkday(zone(), 3 + (next() % 50)),
          timeSlot: '11:00',
          service: 'Classic Manicure',
          specialist: 'Maya Chen',
        },
      }),
    'PATCH /admin/bookings/{id}': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/admin/bookings/${id}`,
        body: { bookingDate: futureWorkday(zone(), 3 + (next() % 50)), timeSlot: '12:00', specialist: 'Maya Chen' },
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, timeSlot: '12:00' });
        },
      });
    },
    'PATCH /users/appointment/{id}': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/users/appointment/${id}`,
        body: { bookingDate: futureWorkday(zone(), 3 + (next() % 50)), timeSlot: '13:00', specialist: 'Maya Chen' },
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, timeSlot: '13:00' });
        },
      });
    },
    'GET /admin/specialists/{id}/services': () =>
      Promise.resolve({
        path: `/admin/specialists/${idOfSpecialist(db(), 'Maya Chen')}/services`,
        verify: (data) => {
          const { services: offered } = data as SpecialistServiceTerms;
          expect(offered.map((line) => line.service.name)).toContain('Classic Manicure');
        },
      }),
    'PUT /admin/specialists/{id}/services': async () => {
      const specialist = await newSpecialist();
      const service = specialist.expertise[0];
      if (!service) throw new Error('a new specialist offers a service');
      return {
        path: `/admin/specialists/${specialist._id}/services`,
        body: { services: [{ service: service._id, price: 42.5, duration: 50 }] },
        verify: (data) => {
          expect(data).toEqual({
            services: [
              { service: expect.objectContaining({ _id: service._id }) as unknown, price: 42.5, duration: 50 },
            ],
          });
        },
      };
    },
    // Visits
    'GET /users/visits/available-slots': () => {
      const query = new URLSearchParams({
        bookingDate: futureWorkday(zone(), 10),
        items: `${idOfService(db(), 'Classic Manicure')}:${idOfSpecialist(db(), 'Maya Chen')},Gel Pedicure:any`,
      });
      return Promise.resolve({
        path: `/users/visits/available-slots?${query.toString()}`,
        verify: (data) => {
          // Manicure (Maya) 10:00, then the pedicure by Maya, the only one who offers it.
          expect(data).toContain('10:00');
        },
      });
    },
    'POST /users/visits': () => {
      // Not a Monday or Wednesday: the specialists other rows add offer the pedicure on those days.
      const day = futureWorkday(zone(), 15 + 2 * ++appointments, ['Tuesday', 'Thursday', 'Friday', 'Saturday']);
      // A standing appointment of two, its second skipped by choice: the first visit is booked as
      // a visit alone would be, and the answer says what became of the series.
      const second = addCalendarDays(day, 7);
      return Promise.resolve({
        path: '/users/visits',
        body: {
          firstName: 'Clara',
          lastName: 'Demo',
          email: DEMO_CUSTOMER.email,
          phone: '9000000001',
          bookingDate: day,
          timeSlot: '14:00',
          items: [
            { service: 'Classic Manicure', specialist: 'Maya Chen' },
            { service: 'Gel Pedicure', specialist: 'any' },
          ],
          repeat: { everyWeeks: 1, count: 2 },
          preview: false,
          occurrences: [{ bookingDate: second, skip: true }],
        },
        verify: (data) => {
          const visit = data as BookedVisit;
          expect(visit.series).toMatchObject({
            everyWeeks: 1,
            count: 2,
            booked: [{ _id: visit._id, bookingDate: day, timeSlot: '14:00' }],
            notFitting: [],
            skipped: [second],
          });
          expect(visit).toMatchObject({ bookingDate: day, timeSlot: '14:00' });
          expect(visit.items.map((item) => [item.service.name, item.specialist.name])).toEqual([
            ['Classic Manicure', 'Maya Chen'],
            ['Gel Pedicure', 'Maya Chen'],
          ]);
          expect(visit.items[1]?.timeSlot).toBe(visit.items[0]?.endTime);
        },
      });
    },
    'PATCH /users/visits/{id}': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/users/visits/${id}`,
        // No series: "this and the following" is this one.
        body: { bookingDate: futureWorkday(zone(), 3 + (next() % 50)), timeSlot: '15:00', scope: 'following' },
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, timeSlot: '15:00', items: [{ _id: id, status: 'pending' }] });
        },
      });
    },
    'PATCH /users/visits/{id}/cancel': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/users/visits/${id}/cancel`,
        body: { scope: 'following' },
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, items: [{ _id: id, status: 'cancelled' }] });
        },
      });
    },
    'POST /admin/visits': () =>
      Promise.resolve({
        path: '/admin/visits',
        body: {
          firstName: 'Phil',
          lastName: 'Phoned',
          phone: '9000022222',
          email: `phoned${next()}@example.test`,
          bookingDate: futureWorkday(zone(), 3 + (next() % 50)),
          timeSlot: '16:00',
          items: [
            { service: 'Classic Manicure', specialist: 'Maya Chen' },
            { service: 'Gel Pedicure', specialist: 'Maya Chen' },
          ],
          // Only checked: nothing is written.
          repeat: { everyWeeks: 2, count: 3 },
          preview: true,
          occurrences: [],
        },
        verify: (data) => {
          const { series } = data as SeriesPreview;
          expect(series.fitting.length + series.notFitting.length).toBe(3);
          expect(series.skipped).toEqual([]);
        },
      }),
    'PATCH /admin/visits/{id}/status': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/admin/visits/${id}/status`,
        body: { status: 'confirmed', scope: 'one' },
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, items: [{ _id: id, status: 'confirmed' }] });
        },
      });
    },
    'PATCH /admin/visits/{id}': () => {
      const id = newBooking();
      return Promise.resolve({
        path: `/admin/visits/${id}`,
        body: { bookingDate: futureWorkday(zone(), 3 + (next() % 50)), timeSlot: '12:30', scope: 'one' },
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, timeSlot: '12:30' });
        },
      });
    },
    // The customer book
    // The waitlist
    'GET /users/waitlist': () => {
      const id = waitingEntry();
      return Promise.resolve({
        path: '/users/waitlist',
        verify: (data) => {
          expect((data as { _id: string }[]).map((entry) => entry._id)).toContain(id);
        },
        cleanup: clearWaitlist,
      });
    },
    'POST /users/waitlist': () => {
      const fromDate = futureWorkday(zone(), 5 + (next() % 20));
      const toDate = addCalendarDays(fromDate, 6);
      return Promise.resolve({
        path: '/users/waitlist',
        body: {
          items: [{ service: 'Classic Manicure', specialist: 'Maya Chen' }],
          fromDate,
          toDate,
          partOfDay: 'morning',
        },
        verify: (data) => {
          expect(data).toMatchObject({
            items: [{ service: { name: 'Classic Manicure' }, specialist: { name: 'Maya Chen' } }],
            fromDate,
            toDate,
            partOfDay: 'morning',
            status: 'waiting',
          });
        },
        cleanup: clearWaitlist,
      });
    },
    'DELETE /users/waitlist/{id}': () => {
      const id = waitingEntry();
      return Promise.resolve({
        path: `/users/waitlist/${id}`,
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, status: 'left' });
        },
        cleanup: clearWaitlist,
      });
    },
    'GET /admin/waitlist?date=': () => {
      const id = waitingEntry();
      const day = futureWorkday(zone(), 30);
      return Promise.resolve({
        path: `/admin/waitlist?date=${day}`,
        verify: (data) => {
          const entries = data as { _id: string; customer: { email: string } }[];
          expect(entries.find((entry) => entry._id === id)?.customer.email).toBe(DEMO_CUSTOMER.email);
        },
        cleanup: clearWaitlist,
      });
    },
    'POST /admin/waitlist/{id}/offer': () => {
      const id = waitingEntry();
      const day = futureWorkday(zone(), 15 + 2 * ++appointments, ['Tuesday', 'Thursday', 'Friday', 'Saturday']);
      return Promise.resolve({
        path: `/admin/waitlist/${id}/offer`,
        body: { bookingDate: day, timeSlot: '11:00' },
        verify: (data) => {
          expect(data).toMatchObject({ entryId: id, bookingDate: day, timeSlot: '11:00', status: 'open' });
        },
        cleanup: clearWaitlist,
      });
    },
    'DELETE /admin/waitlist/{id}/offer': () => {
      const { id, entryId } = openOffer();
      return Promise.resolve({
        path: `/admin/waitlist/${entryId}/offer`,
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, status: 'withdrawn' });
        },
        cleanup: clearWaitlist,
      });
    },
    'GET /users/waitlist/offers/{token}': () => {
      const { token, id } = openOffer();
      return Promise.resolve({
        path: `/users/waitlist/offers/${token}`,
        verify: (data) => {
          expect(data).toMatchObject({ _id: id, status: 'open', items: [{ specialist: { name: 'Maya Chen' } }] });
        },
        cleanup: clearWaitlist,
      });
    },
    'POST /users/waitlist/offers/{token}/accept': () => {
      const { token, day } = openOffer();
      return Promise.resolve({
        path: `/users/waitlist/offers/${token}/accept`,
        verify: (data) => {
          expect(data).toMatchObject({ bookingDate: day, timeSlot: '11:00', items: [{ status: 'confirmed' }] });
        },
        cleanup: clearWaitlist,
      });
    },
    // The till
    'POST /admin/sales': () => {
      const id = newBooking();
      const maya = idOfSpecialist(db(), 'Maya Chen');
      return Promise.resolve({
        path: '/admin/sales',
        body: {
          visitId: id,
          // The visit's manicure at its booked $25, a cuticle oil added: $33, 10% off: $29.70; a $5 tip.
          items: [{ description: 'Cuticle oil', price: 8 }],
          discount: { percent: 10, reason: 'Loyalty card' },
          tips: [{ specialistId: maya, amount: 5 }],
          payments: [
            { method: 'card', amount: 20 },
            { method: 'cash', amount: 14.7 },
          ],
          // A visit's receipt bears its customer's name, not the one typed.
          customerName: 'Someone Else',
        },
        verify: (data) => {
          expect(data).toMatchObject({
            kind: 'visit',
            visitId: id,
            customer: { name: 'Test Customer', email: 'row@example.test' },
            day: today(),
            items: [
              {
                booking: id,
                description: 'Classic Manicure',
                bookedPrice: 25,
                price: 25,
                specialist: { name: 'Maya Chen' },
              },
              { booking: null, description: 'Cuticle oil', bookedPrice: null, price: 8 },
            ],
            subtotal: 33,
            discount: { amount: 3.3, percent: 10, reason: 'Loyalty card' },
            total: 29.7,
            tips: [{ specialist: { _id: maya, name: 'Maya Chen' }, amount: 5 }],
            paid: 34.7,
            payments: [
              { method: 'card', amount: 20, voucher: null },
              { method: 'cash', amount: 14.7, voucher: null },
            ],
            refunds: [],
            refunded: 0,
          });
          // The paid visit is done.
          expect(db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)).get()?.status).toBe(
            'completed',
          );
        },
      });
    },
    'GET /admin/sales?from=&to=': async () => {
      const sale = await shampooSale();
      return {
        path: `/admin/sales?from=${today()}&to=${today()}`,
        verify: (data) => {
          const sales = data as Sale[];
          expect(sales.find((listed) => listed._id === sale._id)).toMatchObject({ number: sale.number, total: 12.5 });
          expect(sales.every((listed) => listed.day === today())).toBe(true);
          const numbers = sales.map((listed) => listed.number);
          expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
        },
      };
    },
    'GET /admin/sales/{id}': async () => {
      const sale = await shampooSale('Wendy Walkin');
      return {
        path: `/admin/sales/${sale._id}`,
        verify: (data) => {
          expect(data).toMatchObject({
            _id: sale._id,
            number: sale.number,
            kind: 'walk-in',
            visitId: null,
            customer: { name: 'Wendy Walkin', email: null },
            items: [{ booking: null, description: 'Shampoo', bookedPrice: null, price: 12.5 }],
            total: 12.5,
            paid: 12.5,
            payments: [{ method: 'card', amount: 12.5, voucher: null }],
            refunds: [],
            refunded: 0,
            voucher: null,
          });
        },
      };
    },
    'POST /admin/sales/{id}/refunds': async () => {
      // $30 of goods paid with a $50 voucher: $20 left on it; $10 back goes back on the voucher.
      const voucher = await newVoucher(50);
      const sale = await takeSale({
        items: [
          { description: 'Shampoo', price: 12.5 },
          { description: 'Conditioner', price: 17.5 },
        ],
        payments: [{ method: 'voucher', amount: 30, code: voucher.code }],
      });
      return {
        path: `/admin/sales/${sale._id}/refunds`,
        body: { amount: 10, method: 'voucher', reason: 'Conditioner returned unopened' },
        verify: async (data) => {
          expect(data).toMatchObject({
            _id: sale._id,
            total: 30,
            refunded: 10,
            refunds: [{ amount: 10, method: 'voucher', reason: 'Conditioner returned unopened' }],
          });
          const after = await voucherNow(voucher.code);
          expect(after.balance).toBe(30);
          expect(after.history.map((event) => [event.event, event.amount])).toEqual([
            ['sold', 50],
            ['redeemed', -30],
            ['refunded', 10],
          ]);
        },
      };
    },
    'POST /admin/sales/{id}/receipt': async () => {
      const sale = await shampooSale();
      const email = `receipt${next()}@example.test`;
      return {
        path: `/admin/sales/${sale._id}/receipt`,
        body: { email },
        verify: async (data) => {
          expect(data).toEqual({ _id: sale._id, sentTo: email });
          const mail = await smtp.waitForMail(email);
          expect(mail.subject).toContain(`no. ${String(sale.number)}`);
          expect(mail.text).toMatch(/Shampoo\s+\$12\.50/);
        },
      };
    },
    'GET /admin/tips?from=&to=&specialistId=': async () => {
      // A specialist of their own, so that the period's tips for them are this sale's alone.
      const specialistId = newSpecialistId();
      const sale = await takeSale({
        items: [{ description: 'Blow-dry', price: 30, specialist: specialistId }],
        tips: [{ specialistId, amount: 4.5 }],
        payments: [{ method: 'card', amount: 34.5 }],
      });
      return {
        path: `/admin/tips?from=${today()}&to=${today()}&specialistId=${specialistId}`,
        verify: (data) => {
          expect(data).toEqual({
            total: 4.5,
            tips: [
              {
                day: today(),
                saleNumber: sale.number,
                specialist: { _id: specialistId, name: expect.stringMatching(/^Row Specialist/) as unknown },
                amount: 4.5,
              },
            ],
          });
        },
      };
    },
    'POST /admin/vouchers': () => {
      const email = `voucher${next()}@example.test`;
      const expiresOn = addCalendarDays(today(), 90);
      return Promise.resolve({
        path: '/admin/vouchers',
        body: { value: 50, buyerName: 'Ann', recipientName: 'Bea', expiresOn, method: 'cash', email },
        verify: async (data) => {
          const voucher = data as VoucherDetails;
          expect(voucher).toMatchObject({
            value: 50,
            balance: 50,
            expiresOn,
            status: 'active',
            buyerName: 'Ann',
            recipientName: 'Bea',
            voidReason: null,
            history: [{ event: 'sold', amount: 50, saleId: voucher.saleId }],
          });
          expect(voucher.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
          // The voucher is a sale of its own, paid as the buyer paid; the recipient gets the code.
          const admin = await signedIn(app, 'admin');
          const sale = must((await admin.trpc<Sale>('query', 'admin.sales.get', { id: voucher.saleId })).data, 'sale');
          expect(sale).toMatchObject({
            kind: 'voucher',
            total: 50,
            payments: [{ method: 'cash', amount: 50 }],
            voucher: { _id: voucher._id, code: voucher.code },
          });
          expect((await smtp.waitForMail(email)).text).toContain(voucher.code);
        },
      });
    },
    'GET /admin/vouchers': async () => {
      const voucher = await newVoucher(25);
      return {
        path: '/admin/vouchers',
        verify: (data) => {
          expect((data as Voucher[]).find((listed) => listed._id === voucher._id)).toMatchObject({
            code: voucher.code,
            value: 25,
            balance: 25,
            status: 'active',
          });
        },
      };
    },
    'GET /admin/vouchers/{code}': async () => {
      // $50, $20 of it spent at a checkout: $30 left.
      const voucher = await newVoucher(50);
      const sale = await takeSale({
        items: [{ description: 'Hair mask', price: 20 }],
        payments: [{ method: 'voucher', amount: 20, code: voucher.code }],
      });
      return {
        // Typed as a person might: lower case, without the dashes.
        path: `/admin/vouchers/${voucher.code.toLowerCase().replace(/-/g, '')}`,
        verify: (data) => {
          expect(data).toMatchObject({
            _id: voucher._id,
            code: voucher.code,
            value: 50,
            balance: 30,
            status: 'active',
          });
          expect(
            (data as VoucherDetails).history.map((event) => [event.event, event.amount, event.saleNumber]),
          ).toEqual([
            ['sold', 50, expect.any(Number)],
            ['redeemed', -20, sale.number],
          ]);
        },
      };
    },
    'POST /admin/vouchers/{id}/void': async () => {
      const voucher = await newVoucher(40);
      return {
        path: `/admin/vouchers/${voucher._id}/void`,
        body: { reason: 'Reported stolen' },
        verify: async (data) => {
          expect(data).toMatchObject({ _id: voucher._id, status: 'void', balance: 40, voidReason: 'Reported stolen' });
          expect((data as VoucherDetails).history.at(-1)?.event).toBe('voided');
          // It no longer pays.
          const admin = await signedIn(app, 'admin');
          const refused = await admin.trpc('mutation', 'admin.sales.create', {
            items: [{ description: 'Shampoo', price: 12.5 }],
            payments: [{ method: 'voucher', amount: 12.5, code: voucher.code }],
          });
          expect(refused.status).toBe(400);
          expect((await voucherNow(voucher.code)).balance).toBe(40);
        },
      };
    },
    'POST /admin/cash-ups': async () => {
      // What the drawer held by now (a count of nothing: the difference is minus the cash taken), then
      // a $12.50 cash sale; counted with a $100 float, $2 short.
      const before = await newCashUp({ counted: 0, note: 'Count before the contract row' });
      await takeSale({
        items: [{ description: 'Shampoo', price: 12.5 }],
        payments: [{ method: 'cash', amount: 12.5 }],
      });
      const expected = before.expected + 100 + 12.5;
      return {
        path: '/admin/cash-ups',
        body: { date: today(), counted: expected - 2, float: 100, note: 'Two dollars short' },
        verify: (data) => {
          const cashUp = data as CashUp;
          expect(cashUp).toMatchObject({ date: today(), float: 100, note: 'Two dollars short' });
          expect(cashUp.expected).toBeCloseTo(expected, 2);
          expect(cashUp.counted).toBeCloseTo(expected - 2, 2);
          expect(cashUp.difference).toBe(-2);
        },
      };
    },
    'GET /admin/cash-ups?from=&to=': async () => {
      const recorded = await newCashUp({ counted: 1000, float: 50, note: `Count ${String(next())}` });
      return {
        path: `/admin/cash-ups?from=${today()}&to=${today()}`,
        verify: (data) => {
          const cashUps = data as CashUp[];
          const listed = cashUps.find((cashUp) => cashUp._id === recorded._id);
          expect(listed).toEqual(recorded);
          expect(listed?.difference).toBeCloseTo(1000 - recorded.expected, 2);
          expect(cashUps.every((cashUp) => cashUp.date === today())).toBe(true);
        },
      };
    },
    'GET /admin/customers?search=&page=1&limit=20': () =>
      Promise.resolve({
        path: '/admin/customers?search=&page=1&limit=20',
        verify: async (data, client) => {
          const customers = data as { _id: string; email: string }[];
          expect(customers.some((customer) => customer._id === demoCustomerId())).toBe(true);
          const found = await client.rest<{ email: string }[]>(
            'GET',
            `/admin/customers?search=${encodeURIComponent(DEMO_CUSTOMER.email)}`,
          );
          expect(found.body.data.map((customer) => customer.email)).toEqual([DEMO_CUSTOMER.email]);
          expect((found.body as unknown as { meta: unknown }).meta).toEqual({ total: 1, page: 1, limit: 20 });
        },
      }),
    'GET /admin/customers/{id}': () =>
      Promise.resolve({
        path: `/admin/customers/${demoCustomerId()}`,
        verify: (data) => {
          expect(data).toMatchObject({
            _id: demoCustomerId(),
            email: DEMO_CUSTOMER.email,
            notes: expect.any(String) as unknown,
            noShows: expect.any(Number) as unknown,
          });
          expect(Array.isArray((data as { bookings: unknown }).bookings)).toBe(true);
          expect(Array.isArray((data as { reviews: unknown }).reviews)).toBe(true);
        },
      }),
    'PATCH /admin/customers/{id}': () =>
      Promise.resolve({
        path: `/admin/customers/${demoCustomerId()}`,
        body: { notes: 'Prefers mornings; allergic to latex.' },
        verify: (data) =>
          expect(data).toMatchObject({ _id: demoCustomerId(), notes: 'Prefers mornings; allergic to latex.' }),
      }),
    // Messages and webhooks
    'GET /admin/messages?page=1&limit=20&status=failed': () => {
      failedMessage();
      return Promise.resolve({
        path: '/admin/messages?page=1&limit=20&status=failed',
        verify: (data) => {
          const page = data as { messages: { status: string }[]; total: number };
          expect(page.messages.length).toBeGreaterThan(0);
          expect(page.messages.every((message) => message.status === 'failed')).toBe(true);
        },
      });
    },
    'POST /admin/messages/{id}/resend': () => {
      const id = failedMessage();
      return Promise.resolve({
        path: `/admin/messages/${id}/resend`,
        verify: (data) => expect(data).toEqual({ _id: id }),
      });
    },
    // Who changed what
    // Who changed what: a booking the salon confirmed has a timeline.
    'GET /admin/bookings/{id}/history': async () => {
      const id = newBooking();
      const admin = await signedIn(app, 'admin');
      expect((await admin.rest('PATCH', `/admin/bookings/${id}/status`, { status: 'confirmed' })).status).toBe(200);
      return {
        path: `/admin/bookings/${id}/history`,
        verify: (data) =>
          expect(data).toEqual([expect.objectContaining({ action: 'status', detail: 'Pending → Confirmed' })]),
      };
    },
    'GET /admin/activity?from=2026-11-01&to=2026-11-30&entity=booking&page=1&limit=20': () => {
      const today = todayIn(zone());
      return Promise.resolve({
        path: `/admin/activity?from=${today}&to=${today}&actor=staff&entity=booking&page=1&limit=20`,
        verify: (data) => {
          const page = data as { items: { entity: string; actorKind: string }[]; page: number; pageSize: number };
          expect(page).toMatchObject({ page: 1, pageSize: 20 });
          expect(page.items.every((item) => item.entity === 'booking' && item.actorKind === 'staff')).toBe(true);
        },
      });
    },
    // The dashboard's today: the salon's day, its takings, and no more pending listed than there are.
    'GET /admin/today': () => {
      const today = todayIn(zone());
      return Promise.resolve({
        path: '/admin/today',
        verify: (data) => {
          const day = data as {
            day: string;
            takings: number;
            next: unknown[];
            pending: unknown[];
            pendingTotal: number;
          };
          expect(day.day).toBe(today);
          expect(typeof day.takings).toBe('number');
          expect(day.pending.length).toBeLessThanOrEqual(day.pendingTotal);
        },
      });
    },
    // The team
    'GET /admin/team': () => Promise.resolve({ path: '/admin/team' }),
    'POST /admin/team': () => {
      const email = `staff${next()}@example.test`;
      return Promise.resolve({
        path: '/admin/team',
        body: { email, fullName: 'Maya Chen', role: 'specialist', specialistId: idOfSpecialist(db(), 'Maya Chen') },
        verify: (data) => {
          expect(data).toMatchObject({
            email,
            role: 'specialist',
            status: 'invited',
            specialist: { name: 'Maya Chen' },
          });
        },
      });
    },
    'PATCH /admin/team/{id}': () => {
      const id = staffAccount('reception');
      return Promise.resolve({
        path: `/admin/team/${id}`,
        body: { role: 'specialist', specialistId: idOfSpecialist(db(), 'Anna Petrova'), active: true },
        verify: (data) => {
          expect(data).toMatchObject({
            _id: id,
            role: 'specialist',
            status: 'active',
            specialist: { name: 'Anna Petrova' },
          });
        },
      });
    },
    'POST /admin/team/accept': () => {
      const id = staffAccount('reception', '');
      return Promise.resolve({
        path: '/admin/team/accept',
        body: { token: issueResetToken(db(), 'admin', id), password: 'chosen-by-staff' },
        verify: () => {
          expect(db().select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, id)).get()?.hash).not.toBe(
            '',
          );
        },
      });
    },
    // Calendar feeds
    'GET /admin/calendar-feeds': () =>
      Promise.resolve({
        path: '/admin/calendar-feeds',
        verify: (data) => {
          const feeds = data as CalendarFeed[];
          expect(feeds[0]).toMatchObject({ scope: 'salon', specialistId: null });
          expect(feeds.map((feed) => feed.specialistId)).toContain(idOfSpecialist(db(), 'Maya Chen'));
        },
      }),
    'GET /admin/calendar-feeds/mine': async () => {
      // A specialist's own feed: the demo specialist signs in.
      const specialist = new TestClient(app);
      const login = await specialist.rest('POST', '/admin/login', {
        email: DEMO_SPECIALIST.email,
        password: DEMO_SPECIALIST.password,
      });
      expect(login.status).toBe(200);
      return {
        path: '/admin/calendar-feeds/mine',
        client: specialist,
        verify: (data) =>
          expect(data).toMatchObject({
            specialistId: idOfSpecialist(db(), 'Leila Haddad'),
            url: expect.stringMatching(/\/calendar\/\w+\.ics$/) as unknown,
          }),
      };
    },
    'POST /admin/calendar-feeds/regenerate': () => {
      const before = feedTokenOf(db(), null);
      return Promise.resolve({
        path: '/admin/calendar-feeds/regenerate',
        body: { specialistId: null },
        verify: async (data) => {
          expect((data as CalendarFeed).url).not.toContain(before);
          expect((await app.inject({ method: 'GET', url: `/calendar/${before}.ics` })).statusCode).toBe(404);
        },
      });
    },
    'GET /admin/webhooks': () => {
      webhookEndpoint();
      return Promise.resolve({ path: '/admin/webhooks' });
    },
    'POST /admin/webhooks': () =>
      Promise.resolve({
        path: '/admin/webhooks',
        body: { url: `http://127.0.0.1:9/hooks/${next()}`, events: ['booking.cancelled'] },
        verify: (data) => {
          expect((data as { secret: string }).secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
        },
      }),
    'DELETE /admin/webhooks/{id}': () => {
      const id = webhookEndpoint();
      return Promise.resolve({ path: `/admin/webhooks/${id}`, id });
    },
    'POST /admin/webhooks/{id}/test': () => {
      const id = webhookEndpoint();
      return Promise.resolve({
        path: `/admin/webhooks/${id}/test`,
        verify: (data) => expect(data).toMatchObject({ _id: id }),
      });
    },
    'GET /admin/backups': () =>
      Promise.resolve({
        path: '/admin/backups',
        verify: (data) => expect(data).toMatchObject({ state: 'off', target: null }),
      }),
    'GET /admin/notifications': () => Promise.resolve({ path: '/admin/notifications' }),
    'PUT /admin/notifications': () =>
      Promise.resolve({
        path: '/admin/notifications',
        body: { notifyBookings: true },
        verify: (data) => expect(data).toMatchObject({ notifyBookings: true }),
      }),
    // Reports
    'GET /admin/reports?from=2026-11-01&to=2026-11-30': () =>
      Promise.resolve({
        path: '/admin/reports?from=2026-11-01&to=2026-11-30',
        verify: (data) => {
          const report = data as { perDay: unknown[]; byStatus: Record<string, number> };
          expect(report.perDay).toHaveLength(30);
          expect(Object.keys(report.byStatus).sort()).toEqual([
            'cancelled',
            'completed',
            'confirmed',
            'no-show',
            'pending',
          ]);
        },
      }),
    'GET /admin/reports/bookings.csv?from=2026-11-01&to=2026-11-30': () =>
      Promise.resolve({
        path: '/admin/reports/bookings.csv?from=2026-11-01&to=2026-11-30',
        verify: (csv) =>
          expect((csv as string).split('\r\n')[0]).toBe(
            '\uFEFFDate,Time,Customer,Email,Phone,Service,Specialist,Status,Price,Visit,Source',
          ),
      }),
    'GET /admin/reports/services.csv?from=2026-11-01&to=2026-11-30': () =>
      Promise.resolve({
        path: '/admin/reports/services.csv?from=2026-11-01&to=2026-11-30',
        verify: (csv) => expect((csv as string).split('\r\n')[0]).toBe('\uFEFFService,Bookings,Takings'),
      }),
    'GET /admin/reports/specialists.csv?from=2026-11-01&to=2026-11-30': () =>
      Promise.resolve({
        path: '/admin/reports/specialists.csv?from=2026-11-01&to=2026-11-30',
        verify: (csv) =>
          expect((csv as string).split('\r\n')[0]).toBe(
            '\uFEFFSpecialist,Bookings,Takings,Booked hours,Scheduled hours,Utilisation %',
          ),
      }),
    // The till's tables: today's, with a row of the till's own made for the case.
    'GET /admin/reports/sales.csv?from=2026-11-01&to=2026-11-30': async () => {
      const sale = await shampooSale('Wendy Walkin');
      return {
        path: `/admin/reports/sales.csv?from=${today()}&to=${today()}`,
        verify: (csv) => {
          const lines = (csv as string).split('\r\n');
          expect(lines[0]).toBe(
            '\uFEFFReceipt,Date,Kind,Customer,Items,Subtotal,Discount,Total,Tips,Cash,Card,Voucher,Other,Refunded,Taken by',
          );
          expect(lines).toContain(
            `${String(sale.number)},${today()},walk-in,Wendy Walkin,Shampoo,12.50,0.00,12.50,0.00,0.00,12.50,0.00,0.00,0.00,${sale.takenBy.name}`,
          );
        },
      };
    },
    'GET /admin/reports/tips.csv?from=2026-11-01&to=2026-11-30': async () => {
      const specialistId = newSpecialistId();
      const sale = await takeSale({
        items: [{ description: 'Blow-dry', price: 30, specialist: specialistId }],
        tips: [{ specialistId, amount: 4.5 }],
        payments: [{ method: 'card', amount: 34.5 }],
      });
      return {
        path: `/admin/reports/tips.csv?from=${today()}&to=${today()}`,
        verify: (csv) => {
          const lines = (csv as string).split('\r\n');
          expect(lines[0]).toBe('\uFEFFDate,Receipt,Specialist,Tip');
          expect(lines).toContain(
            `${today()},${String(sale.number)},${must(sale.tips[0], 'tip').specialist.name},4.50`,
          );
        },
      };
    },
    'GET /admin/reports/vouchers.csv?from=2026-11-01&to=2026-11-30': async () => {
      const voucher = await newVoucher(50);
      return {
        path: `/admin/reports/vouchers.csv?from=${today()}&to=${today()}`,
        verify: (csv) => {
          const lines = (csv as string).split('\r\n');
          expect(lines[0]).toBe('\uFEFFCode,Sold on,Value,Balance,Expires on,Status,Buyer,Recipient');
          expect(lines).toContain(
            `••••-••••-${voucher.code.slice(-4)},${today()},50.00,50.00,${voucher.expiresOn},active,Ann,`,
          );
        },
      };
    },
    'GET /admin/reports/refunds.csv?from=2026-11-01&to=2026-11-30': async () => {
      const sale = await shampooSale();
      const admin = await signedIn(app, 'admin');
      const refunded = await admin.trpc<Sale>('mutation', 'admin.sales.refund', {
        id: sale._id,
        amount: 2.5,
        method: 'card',
        reason: 'Damaged bottle',
      });
      expect(refunded.error?.message).toBeUndefined();
      return {
        path: `/admin/reports/refunds.csv?from=${today()}&to=${today()}`,
        verify: (csv) => {
          const lines = (csv as string).split('\r\n');
          expect(lines[0]).toBe('\uFEFFDate,Receipt,Method,Amount,Reason,By');
          expect(lines).toContain(`${today()},${String(sale.number)},card,2.50,Damaged bottle,${sale.takenBy.name}`);
        },
      };
    },
    'GET /admin/reports/cash-ups.csv?from=2026-11-01&to=2026-11-30': async () => {
      const note = `Count ${String(next())}`;
      const recorded = await newCashUp({ counted: 1000, float: 50, note });
      return {
        path: `/admin/reports/cash-ups.csv?from=${today()}&to=${today()}`,
        verify: (csv) => {
          const lines = (csv as string).split('\r\n');
          expect(lines[0]).toBe('\uFEFFDate,Float,Expected,Counted,Difference,Note,By');
          expect(lines).toContain(
            `${today()},50.00,${recorded.expected.toFixed(2)},1000.00,${recorded.difference.toFixed(2)},${note},${recorded.by}`,
          );
        },
      };
    },
    'GET /openapi.json': () => Promise.resolve({ path: '/openapi.json' }),
  };

  async function prepare(row: ContractRow): Promise<Prepared> {
    const make = REQUESTS[rowName(row)];
    if (!make) throw new Error(`no request written for the row ${rowName(row)}`);
    const prepared = await make();
    // The request sends exactly the row's payload names, the files as real images.
    expect(sentNames(row, prepared).sort(), `payload names of ${rowName(row)}`).toEqual([...row.payload].sort());
    expect(prepared.body instanceof FormData, `${rowName(row)} is multipart`).toBe(row.payloadKind === 'multipart');
    if (prepared.body instanceof FormData) {
      for (const name of row.files ?? []) expect(prepared.body.get(name), `file part ${name}`).toBeInstanceOf(Blob);
    }
    return prepared;
  }

  /** `data` is of the row's kind. */
  function expectDataKind(row: ContractRow, data: unknown, prepared: Prepared): void {
    const entity = row.entity;
    switch (row.data) {
      case 'list':
        expect(Array.isArray(data), 'data is a list').toBe(true);
        expect((data as unknown[]).length, 'the list is not empty').toBeGreaterThan(0);
        (data as unknown[]).forEach((item, index) => {
          expectEntity(must(entity, 'entity'), item, `data[${index}]`);
        });
        break;
      case 'object':
      case 'account':
        expectEntity(must(entity, 'entity'), data, 'data');
        break;
      case 'login':
        expect(Object.keys(data as object)).toEqual(['user']);
        expectEntity(must(entity, 'entity'), (data as { user: unknown }).user, 'data.user');
        break;
      case 'deleted':
        expect(data).toEqual({ _id: must(prepared.id, 'the deleted id') });
        break;
      case 'slots':
        expect(Array.isArray(data), 'data is a list').toBe(true);
        expect((data as unknown[]).length).toBeGreaterThan(0);
        for (const slot of data as unknown[]) expect(slot).toMatch(TIME_SLOT);
        break;
      case 'stats':
        expectStats(data);
        break;
      case 'contact':
        expectContactInfo(data);
        break;
      case 'result':
        expect(typeof data === 'object' && data !== null && !Array.isArray(data), 'data is an object').toBe(true);
        break;
      case 'records':
        expect(Array.isArray(data), 'data is a list').toBe(true);
        expect((data as unknown[]).length, 'the list is not empty').toBeGreaterThan(0);
        for (const item of data as unknown[])
          expect(typeof item === 'object' && item !== null, 'each item is an object').toBe(true);
        break;
      case 'document':
      case 'csv':
        throw new Error(`a ${row.data} has no envelope`);
    }
  }

  /** The OpenAPI document's operation for a row (its path written `{name}`, without the query or a trailing slash). */
  function documented(row: ContractRow): { path: string; responses: Record<string, unknown> } {
    const key = routeKey(row.method, row.path);
    const method = row.method.toLowerCase();
    const path = Object.keys(openApi.paths).find(
      (candidate) => routeKey(row.method, candidate) === key && openApi.paths[candidate]?.[method] !== undefined,
    );
    const operation = path === undefined ? undefined : openApi.paths[path]?.[method];
    if (path === undefined || !operation) throw new Error(`${rowName(row)} is not in the OpenAPI document`);
    return { path, responses: operation.responses };
  }

  /** The body matches the schema at this pointer into the OpenAPI document. */
  function expectMatchesDocument(schemaPointer: string, body: unknown, what: string): void {
    const validate =
      ajv.getSchema(`openapi.json#/${schemaPointer}`) ?? ajv.compile({ $ref: `openapi.json#/${schemaPointer}` });
    const valid = validate(body);
    expect(validate.errors ?? [], `${what} against the OpenAPI document`).toEqual([]);
    expect(valid).toBe(true);
  }

  describe('every row answers its session with its status, the envelope and the contract’s shapes', () => {
    for (const row of CONTRACT_TABLE) {
      const beyond = row.source === 'extra' ? ' (beyond the spec)' : '';
      it(`${rowName(row)} ${row.does}${beyond}`, async () => {
        for (const who of successSessions(row)) {
          const prepared = await prepare(row);
          const client = prepared.client ?? (await clientFor(who));
          const response = await client.request(row.method, `${API}${prepared.path}`, prepared.body);
          try {
            if (row.data === 'csv') {
              // A file to save, not an envelope: UTF-8 with its byte-order mark and a header row.
              expect(response.statusCode).toBe(200);
              expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
              expect(String(response.headers['content-disposition'])).toMatch(
                /^attachment; filename="[a-z]+(-[a-z]+)?-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
              );
              expect(response.body.startsWith('\uFEFF')).toBe(true);
              const success = documented(row).responses['200'] as { content: Record<string, unknown> };
              expect(Object.keys(success.content)).toEqual(['text/csv']);
              await prepared.verify?.(response.body, client);
              continue;
            }
            if (row.data === 'document') {
              // The raw document, not an envelope.
              expect(response.statusCode).toBe(200);
              expect((jsonBody(response) as { openapi?: unknown }).openapi).toEqual(expect.stringMatching(/^3\.1/));
              continue;
            }
            const data = expectSuccessEnvelope(response, row.status);
            expectDataKind(row, data, prepared);
            expectContractFields(data);
            const { path } = documented(row);
            expectMatchesDocument(
              pointer(
                'paths',
                path,
                row.method.toLowerCase(),
                'responses',
                String(row.status),
                'content',
                'application/json',
                'schema',
              ),
              jsonBody(response),
              `the ${String(row.status)} answer`,
            );
            await prepared.verify?.(data, client);
          } finally {
            await prepared.cleanup?.(response);
          }
        }
      });
    }
  });

  describe('the wrong session is refused with 401 or 403 and changes nothing', () => {
    const refusals = CONTRACT_TABLE.flatMap((row) =>
      wrongSessions(row).map(({ who, status }) => ({ row, who, status })),
    );
    for (const { row, who, status } of refusals) {
      it(`${rowName(row)} answers ${String(status)} to ${WHO_TEXT[who]} and changes nothing`, async () => {
        // The row's own valid request, so that only the session is wrong.
        const prepared = await prepare(row);
        const client = await clientFor(who);
        const before = snapshot();
        const response = await client.request(row.method, `${API}${prepared.path}`, prepared.body);
        await prepared.cleanup?.(response);
        expectErrorEnvelope(response, status);
        expect(snapshot()).toEqual(before);
        // The OpenAPI document names this answer for this path, and the body is its ErrorEnvelope.
        expect(Object.keys(documented(row).responses), `documented answers of ${rowName(row)}`).toContain(
          String(status),
        );
        expectMatchesDocument(
          pointer('components', 'schemas', 'ErrorEnvelope'),
          jsonBody(response),
          `the ${String(status)} answer`,
        );
      });
    }
  });

  describe('the table and the routes the app registers', () => {
    const tableKeys = () => new Set(CONTRACT_TABLE.map((row) => routeKey(row.method, row.path)));
    /** The routes registered under /api/v1 (HEAD and OPTIONS, CORS's wildcard among them, aside). */
    const apiRoutes = () =>
      registered
        .filter((route) => route.url === API || route.url.startsWith(`${API}/`))
        .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
        .map((route) => ({
          name: `${route.method} ${route.url}`,
          key: routeKey(route.method, route.url.slice(API.length)),
        }));

    it('has a row for every path the app registers under /api/v1', () => {
      const rows = tableKeys();
      expect(apiRoutes().length).toBeGreaterThan(0);
      const missing = apiRoutes()
        .filter((route) => !rows.has(route.key))
        .map((route) => route.name);
      expect(missing, 'registered paths without a row').toEqual([]);
    });

    it('has a path the app registers under /api/v1 for every row', () => {
      const paths = new Set(apiRoutes().map((route) => route.key));
      const missing = CONTRACT_TABLE.filter((row) => !paths.has(routeKey(row.method, row.path))).map(rowName);
      expect(missing, 'rows without a registered path').toEqual([]);
    });

    it('has a row for every route of the REST adapter', () => {
      const rows = tableKeys();
      const missing = restRoutes
        .filter((route) => !rows.has(routeKey(route.method, route.path)))
        .map((route) => `${route.method} ${route.path}`);
      expect(missing, 'adapter routes without a row').toEqual([]);
    });

    it('has one row per method and exact path, and a request for each', () => {
      const names = CONTRACT_TABLE.map(rowName);
      expect(
        names.filter((name, index) => names.indexOf(name) !== index),
        'rows written twice',
      ).toEqual([]);
      expect(
        names.filter((name) => !(name in REQUESTS)),
        'rows without a request',
      ).toEqual([]);
      expect(
        Object.keys(REQUESTS).filter((name) => !names.includes(name)),
        'requests without a row',
      ).toEqual([]);
    });

    it('gives every /admin path but the login and an invitation’s acceptance an admin session', () => {
      const unsigned = new Set(['/admin/login', '/admin/team/accept']);
      const open = CONTRACT_TABLE.filter(
        (row) => row.path.startsWith('/admin/') && !unsigned.has(row.path) && row.session !== 'admin',
      );
      expect(open.map(rowName)).toEqual([]);
    });
  });

  // Last: by now every row has been sent with every session.
  it('sees only answers the OpenAPI document lists for their operation', () => {
    expect(answers.undocumentedIn(openApi)).toEqual([]);
  });
});
