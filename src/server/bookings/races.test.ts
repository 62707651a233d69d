// Races a busy salon meets (README "Guarantees"): many customers asking for one slot at the same
// moment, against one server and against two server processes sharing one database file, and
// admins saving one service at the same moment. Real sockets, real processes, real SQLite files.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession, type Answer } from '../../../scripts/crash/http-session';
import { startServerProcess, type ServerProcess } from '../../../scripts/crash/server-process';
import { SERVICE_CATEGORIES } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import type { VoucherDetails } from '@/shared/schemas/sales';
import type { Service } from '@/shared/schemas/services';
import { hashPassword } from '@/server/auth/passwords';
import { UPLOADS_PREFIX } from '@/server/files/urls';
import { openDatabase, type DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { bookings, salePayments, services, users, vouchers } from '@/server/db/schema';
import { SLOT_TAKEN_MESSAGE } from '@/server/bookings/commands';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import { jpegDataUrl, jpegFile, multipartForm, signedIn, storedUploads } from '@/server/test/catalogue';
import type { TestEnvironment } from '@/server/test/test-db';

const CROWD = 50;
const SPECIALIST = 'Maya Chen';
const SERVICE = 'Classic Manicure';
const ZONE = 'Asia/Kolkata';

/** The live bookings of the specialist at that day and time, straight from the database. */
const liveBookingsAt = (db: DbOrTx, specialistId: string, day: string, time: string) =>
  db
    .select({ id: bookings.id, userId: bookings.userId })
    .from(bookings)
    .where(
      and(
        eq(bookings.specialistId, specialistId),
        eq(bookings.bookingDate, day),
        eq(bookings.timeSlot, time),
        ne(bookings.status, 'cancelled'),
      ),
    )
    .all();

/** The first free slot the public list offers; the crowd all asks for this one. */
async function firstFreeSlot(session: HttpSession, specialistId: string, day: string): Promise<string> {
  const query = new URLSearchParams({ specialistId, bookingDate: day, serviceName: SERVICE });
  const answer = await session.rest<string[]>('GET', `/users/appointment/available-slots?${query.toString()}`);
  expect(answer.status, answer.body.message).toBe(200);
  const slot = answer.body.data[0];
  if (slot === undefined) throw new Error(`${SPECIALIST} has no free slot on ${day}`);
  return slot;
}

const bookingForm = (day: string, timeSlot: string) => ({
  bookingDate: day,
  timeSlot,
  service: SERVICE,
  specialist: SPECIALIST,
  email: 'ignored@example.test',
  phone: '9876543210',
});

/** Statuses in order 201 first; the refusals must all carry the spec's message. */
function expectOneWinner(answers: Answer<Booking>[]): Answer<Booking> {
  const statuses = answers.map((answer) => answer.status).sort((a, b) => a - b);
  expect(statuses).toEqual([201, ...Array<number>(CROWD - 1).fill(409)]);
  for (const refused of answers.filter((answer) => answer.status === 409)) {
    expect(refused.body).toMatchObject({ success: false, statusCode: 409, message: SLOT_TAKEN_MESSAGE });
  }
  const winner = answers.find((answer) => answer.status === 201);
  if (!winner) throw new Error('nobody got the slot');
  return winner;
}

describe('one server: races for one slot and one service', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let origin: string;

  const salon = useTestApp({ env: { SALON_TIMEZONE: ZONE } });
  beforeAll(async () => {
    ({ env, app } = salon);
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it('gives one of fifty customers asking for one slot at once the booking and tells the 49 others it is taken', async () => {
    const db = env.database.db;
    const crowd = await Promise.all(
      Array.from({ length: CROWD }, (_, i) => createCustomer(app, db, `Racer Number${String(i)}`)),
    );
    const day = futureWorkday(ZONE, 3);
    const specialistId = idOfSpecialist(db, SPECIALIST);
    const slot = await firstFreeSlot(new HttpSession(origin), specialistId, day);

    const sessions = crowd.map((customer) => new HttpSession(origin).adopt(customer.client.cookies));
    const answers = await Promise.all(
      sessions.map((session) => session.rest<Booking>('POST', '/users/appointment', bookingForm(day, slot))),
    );

    const winner = expectOneWinner(answers);
    const stored = liveBookingsAt(db, specialistId, day, slot);
    expect(stored).toEqual([{ id: winner.body.data._id, userId: winner.body.data.user._id }]);
    expect(crowd.map((customer) => customer.id)).toContain(winner.body.data.user._id);
    // The slot is gone from the public list as well.
    expect(await firstFreeSlot(new HttpSession(origin), specialistId, day)).not.toBe(slot);
    console.log(
      `[guarantee] ${String(CROWD)} simultaneous requests for one slot (one server, ${String(CROWD)} customers, real HTTP): ` +
        `1 booking, ${String(CROWD - 1)} refused with 409, ${String(stored.length)} row stored`,
    );
  });

  it('keeps exactly one whole edit when twenty admins save one service at once, and touches no other service', async () => {
    const db = env.database.db;
    const admin = await signedIn(app, 'admin');
    const targetId = idOfService(db, 'Gel Pedicure');
    const allServices = () => db.select().from(services).orderBy(services.id).all();
    const othersBefore = allServices().filter((row) => row.id !== targetId);
    const uploadsBefore = storedUploads(env.config);

    // Every edit replaces every field with its own values; half of them bring a new picture.
    const edits = Array.from({ length: 20 }, (_, i) => ({
      name: `Raced Pedicure ${String(i)}`,
      category: SERVICE_CATEGORIES[i % SERVICE_CATEGORIES.length] ?? 'Nail care',
      price: 100 + i,
      duration: 30 + 5 * i,
      description: `Saved by admin number ${String(i)}`,
      bufferMinutes: (i % 4) * 5,
      withImage: i % 4 < 2,
      via: i % 2 === 0 ? ('REST' as const) : ('tRPC' as const),
    }));
    const [file, dataUrl] = await Promise.all([jpegFile(), jpegDataUrl()]);
    const statuses = await Promise.all(
      edits.map(async ({ withImage, via, ...fields }) => {
        if (via === 'REST') {
          const form = multipartForm(
            {
              ...fields,
              price: String(fields.price),
              duration: String(fields.duration),
              bufferMinutes: String(fields.bufferMinutes),
            },
            withImage ? file : undefined,
          );
          return (await admin.rest('PATCH', `/admin/services/${targetId}`, form)).status;
        }
        const answer = await admin.trpc('mutation', 'admin.services.update', {
          id: targetId,
          ...fields,
          ...(withImage ? { image: dataUrl } : {}),
        });
        return answer.status;
      }),
    );
    expect(statuses).toEqual(Array<number>(edits.length).fill(200));

    const after = allServices();
    const target = after.find((row) => row.id === targetId);
    if (!target) throw new Error('the edited service is gone');
    const saved = {
      name: target.name,
      category: target.category,
      price: target.price,
      duration: target.durationMinutes,
      description: target.description,
      bufferMinutes: target.bufferMinutes,
    };
    const kept = edits.findIndex(
      ({ withImage: _image, via: _via, ...fields }) => JSON.stringify(fields) === JSON.stringify(saved),
    );
    expect(kept, `the stored row ${JSON.stringify(saved)} is not one of the edits sent`).toBeGreaterThanOrEqual(0);
    expect(after.filter((row) => row.id !== targetId)).toEqual(othersBefore);

    // The picture the row points at is on disk, and each picture an edit replaced was removed:
    // the uploads folder holds as many files as before.
    const uploadsAfter = storedUploads(env.config);
    expect(uploadsAfter).toContain(target.imageUrl.slice(UPLOADS_PREFIX.length));
    expect(uploadsAfter).toHaveLength(uploadsBefore.length);
    // What the public list shows is that same edit.
    const listed = await new HttpSession(origin).rest<Service[]>('GET', '/services');
    expect(listed.body.data.find((service) => service._id === targetId)).toMatchObject({
      name: saved.name,
      price: saved.price,
      duration: saved.duration,
    });
    console.log(
      `[guarantee] ${String(edits.length)} simultaneous edits of one service (10 REST, 10 tRPC, 10 with a new picture): ` +
        `all 200, stored row = edit #${String(kept)} whole, 0 other services changed, ` +
        `${String(uploadsAfter.length - uploadsBefore.length)} pictures left over`,
    );
  });
});

describe('two server processes on one database file', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-races-'));
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'gives one of fifty requests for one slot, split between the two processes, the booking',
    { timeout: 120_000 },
    async () => {
      const env = { NODE_ENV: 'production', SEED_DEMO: '1', SALON_TIMEZONE: ZONE };
      // The first start migrates and seeds; the second finds the database ready, as a second
      // process started next to a running one would.
      servers.push(await startServerProcess({ dataDir, env }));
      servers.push(await startServerProcess({ dataDir, env }));
      const [first, second] = servers;
      if (!first || !second) throw new Error('the servers did not start');

      // The customers are written straight into the shared file (signing up is not what is tested).
      const database = openDatabase(join(dataDir, 'salon.db'));
      try {
        const password = 'racing-pass';
        const passwordHash = await hashPassword(password);
        const emails = Array.from({ length: CROWD }, (_, i) => `process-racer${String(i)}@example.test`);
        database.db
          .insert(users)
          .values(
            emails.map((email, i) => ({
              id: newId(),
              fullName: `Process Racer${String(i)}`,
              email,
              phone: `91234${String(i).padStart(5, '0')}`,
              passwordHash,
            })),
          )
          .run();
        const serverOf = (i: number) => (i % 2 === 0 ? first : second);
        // One after another: logins sent at once from one address count against its limit while
        // they are checked (auth/rate-limit.ts); the race here is the booking's.
        const sessions: HttpSession[] = [];
        for (const [i, email] of emails.entries())
          sessions.push(await new HttpSession(serverOf(i).url).loginCustomer(email, password));

        const day = futureWorkday(ZONE, 4);
        const specialistId = idOfSpecialist(database.db, SPECIALIST);
        const slot = await firstFreeSlot(sessions[0] ?? new HttpSession(first.url), specialistId, day);
        const answers = await Promise.all(
          sessions.map((session) => session.rest<Booking>('POST', '/users/appointment', bookingForm(day, slot))),
        );

        const winner = expectOneWinner(answers);
        const winnerAt = sessions[answers.indexOf(winner)]?.origin === first.url ? 'first' : 'second';
        const stored = liveBookingsAt(database.db, specialistId, day, slot);
        expect(stored).toEqual([{ id: winner.body.data._id, userId: winner.body.data.user._id }]);
        // Each process sees the booking the other may have made.
        for (const server of servers)
          expect(await firstFreeSlot(new HttpSession(server.url), specialistId, day)).not.toBe(slot);
        console.log(
          `[guarantee] ${String(CROWD)} simultaneous requests for one slot split over 2 server processes sharing one SQLite file ` +
            `(25 each): 1 booking (made by the ${winnerAt} process), ${String(CROWD - 1)} refused with 409, ${String(stored.length)} row stored`,
        );
      } finally {
        database.close();
      }
    },
  );

  it('spends one gift voucher at most to its balance, with checkouts split between the two processes', async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error('the servers started in the test before');
    const desks = await Promise.all(
      [first, second].map(async (server) => {
        const desk = new HttpSession(server.url);
        const login = await desk.rest('POST', '/admin/login', { email: 'admin@salon.test', password: 'admin12345' });
        expect(login.status).toBe(200);
        return desk;
      }),
    );
    const [firstDesk, secondDesk] = desks;
    if (!firstDesk || !secondDesk) throw new Error('two desks');
    const sold = await firstDesk.rest<VoucherDetails>('POST', '/admin/vouchers', { value: 50 });
    expect(sold.status).toBe(201);
    const checkout = {
      items: [{ description: 'Hand cream', price: 20 }],
      payments: [{ method: 'voucher', amount: 20, code: sold.body.data.code }],
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? firstDesk : secondDesk).rest('POST', '/admin/sales', checkout),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(18);
    const database = openDatabase(join(dataDir, 'salon.db'));
    try {
      const row = database.db.select().from(vouchers).where(eq(vouchers.id, sold.body.data._id)).get();
      expect(row?.balanceCents).toBe(1000);
      const spent = database.db.select().from(salePayments).where(eq(salePayments.voucherId, sold.body.data._id)).all();
      expect(spent.reduce((sum, line) => sum + line.amountCents, 0)).toBe(4000);
    } finally {
      database.close();
    }
    console.log(
      '[guarantee] 20 simultaneous checkouts of $20 on one $50 gift voucher split over 2 server processes: 2 paid, 18 refused, $10 left',
    );
  });
});
