// The waitlist over HTTP (README "Waitlist"): a customer joins for a service or a visit, sees and
// leaves their entries; bad input is refused in words and changes nothing; simultaneous joins
// never pass the limit; booking in an entry's days ends it; the salon sees who waits for a day.
// Real HTTP through Fastify, a real SQLite file.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_ENTRIES_MAX } from '@/shared/constants';
import type { SalonWaitlistEntry, WaitlistEntry } from '@/shared/schemas/waitlist';
import { WAITLIST_DAYS_REVERSED, WAITLIST_DAYS_TOO_MANY } from '@/shared/schemas/waitlist';
import { waitlist } from '@/server/db/schema';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { DEMO_RECEPTION, DEMO_SPECIALIST } from '@/server/setup/seed';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, type TestCustomer } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { WAITLIST_ALREADY, WAITLIST_ENTRY_ENDED, WAITLIST_ENTRY_GONE, WAITLIST_FULL } from './entries';

const MANICURE = { service: 'Classic Manicure', specialist: 'Maya Chen' };

describe('the waitlist', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  let zone: string;
  const salon = useTestApp({ admin: true });
  const db = () => salon.db;
  beforeAll(() => {
    ({ app, admin } = salon);
    zone = salon.config.timezone;
  });

  const today = () => todayIn(zone);
  const customer = (name?: string) => createCustomer(app, db(), name);
  const rowsOf = (who: TestCustomer) => db().select().from(waitlist).where(eq(waitlist.userId, who.id)).all();

  const entryFor = (fromOffset: number, days = 7, partOfDay = 'any', items = [MANICURE]) => {
    const fromDate = addCalendarDays(today(), fromOffset);
    return { items, fromDate, toDate: addCalendarDays(fromDate, days - 1), partOfDay };
  };

  async function join(who: TestCustomer, entry: ReturnType<typeof entryFor>): Promise<WaitlistEntry> {
    const answer = await who.client.rest<WaitlistEntry>('POST', '/users/waitlist', entry);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  async function listOf(who: TestCustomer): Promise<WaitlistEntry[]> {
    const answer = await who.client.rest<WaitlistEntry[]>('GET', '/users/waitlist');
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  async function staff(email: string, password: string): Promise<TestClient> {
    const client = new TestClient(app);
    const login = await client.rest('POST', '/admin/login', { email, password });
    expect(login.status).toBe(200);
    return client;
  }

  it('joins for a service with a specialist, or a visit with any, lists them longest waiting first, and leaves one', async () => {
    const bea = await customer();
    const first = await join(bea, entryFor(3, 7, 'morning'));
    expect(first).toMatchObject({
      items: [{ service: { name: 'Classic Manicure' }, specialist: { name: 'Maya Chen' } }],
      partOfDay: 'morning',
      status: 'waiting',
    });
    // Over /trpc too: a visit of two services, anyone for the second.
    const visit = await bea.client.trpc<WaitlistEntry>('mutation', 'customer.waitlist.join', {
      ...entryFor(5, 10),
      items: [MANICURE, { service: 'Gel Pedicure', specialist: 'any' }],
    });
    expect(visit.status).toBe(200);
    expect(visit.data?.items.map((item) => [item.service.name, item.specialist?.name ?? null])).toEqual([
      ['Classic Manicure', 'Maya Chen'],
      ['Gel Pedicure', null],
    ]);
    expect((await listOf(bea)).map((entry) => entry._id)).toEqual([first._id, visit.data?._id]);

    const left = await bea.client.rest<WaitlistEntry>('DELETE', `/users/waitlist/${first._id}`);
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({ _id: first._id, status: 'left' });
    expect((await listOf(bea)).map((entry) => entry._id)).toEqual([visit.data?._id]);
    // Leaving twice, or someone else's entry: refused, and nothing changes.
    const again = await bea.client.rest('DELETE', `/users/waitlist/${first._id}`);
    expect([again.status, again.body.message]).toEqual([409, WAITLIST_ENTRY_ENDED]);
    const other = await customer('Otto Other');
    const notTheirs = await other.client.rest('DELETE', `/users/waitlist/${visit.data?._id ?? ''}`);
    expect([notTheirs.status, notTheirs.body.message]).toEqual([404, WAITLIST_ENTRY_GONE]);
    expect((await listOf(bea)).map((entry) => entry.status)).toEqual(['waiting']);
    // A guest has no waitlist.
    expect((await new TestClient(app).rest('GET', '/users/waitlist')).status).toBe(401);
  });

  it('refuses bad days, a service or specialist that does not fit, and the same entry twice, in words, changing nothing', async () => {
    const cleo = await customer('Cleo Careful');
    const refusals: [Record<string, unknown>, number, string, string | undefined][] = [
      [entryFor(-1), 400, 'The first day must not be in the past.', 'fromDate'],
      [{ ...entryFor(5), toDate: addCalendarDays(today(), 4) }, 400, WAITLIST_DAYS_REVERSED, 'toDate'],
      [entryFor(1, 61), 400, WAITLIST_DAYS_TOO_MANY, 'toDate'],
      [entryFor(40, 30), 400, 'Bookings can be made up to 60 days ahead.', 'toDate'],
      [{ ...entryFor(3), partOfDay: 'night' }, 400, 'Choose morning, afternoon, evening or any time', 'partOfDay'],
      [{ ...entryFor(3), items: [] }, 400, 'Add at least one service', 'items'],
      [
        { ...entryFor(3), items: [{ service: 'Classic Manicure', specialist: 'Leila Haddad' }] },
        400,
        'Leila Haddad does not offer Classic Manicure.',
        'items.0.specialist',
      ],
      [
        { ...entryFor(3), items: [{ service: 'Moon Walk', specialist: 'any' }] },
        400,
        'Select a service',
        'items.0.service',
      ],
    ];
    for (const [body, status, message, path] of refusals) {
      const answer = await cleo.client.rest('POST', '/users/waitlist', body);
      expect(answer.status, message).toBe(status);
      const said = [answer.body.message, ...(answer.body.errors ?? []).map((error) => error.message)];
      expect(said, JSON.stringify(answer.body)).toContain(message);
      if (path)
        expect(
          answer.body.errors?.map((error) => error.path),
          message,
        ).toContain(path);
    }
    expect(rowsOf(cleo)).toEqual([]);

    await join(cleo, entryFor(3));
    const twice = await cleo.client.rest('POST', '/users/waitlist', entryFor(3));
    expect([twice.status, twice.body.message]).toEqual([409, WAITLIST_ALREADY]);
    expect(rowsOf(cleo)).toHaveLength(1);
  });

  it(`keeps a customer to ${String(WAITLIST_ENTRIES_MAX)} waiting entries, even when 20 joins arrive at once`, async () => {
    const dana = await customer('Dana Eager');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => dana.client.rest('POST', '/users/waitlist', entryFor(1 + index, 3))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(WAITLIST_ENTRIES_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20 - WAITLIST_ENTRIES_MAX);
    for (const answer of answers.filter((one) => one.status === 409)) expect(answer.body.message).toBe(WAITLIST_FULL);
    expect(rowsOf(dana)).toHaveLength(WAITLIST_ENTRIES_MAX);
    // Leaving one makes room for another.
    const [oldest] = await listOf(dana);
    await dana.client.rest('DELETE', `/users/waitlist/${oldest?._id ?? ''}`);
    await join(dana, entryFor(30, 3));
  });

  it('ends an entry when its customer books a day in it, not another day; a past entry is not listed', async () => {
    const eve = await customer('Eve Booker');
    const bookingDay = futureWorkday(zone, 20);
    const around = await join(eve, {
      ...entryFor(0, 1),
      fromDate: addCalendarDays(bookingDay, -2),
      toDate: addCalendarDays(bookingDay, 2),
    });
    const later = await join(eve, {
      ...entryFor(0, 1),
      fromDate: addCalendarDays(bookingDay, 3),
      toDate: addCalendarDays(bookingDay, 9),
    });
    const booked = await eve.client.rest('POST', '/users/appointment', {
      bookingDate: bookingDay,
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'any',
      email: eve.email,
      phone: eve.phone,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect((await listOf(eve)).map((entry) => entry._id)).toEqual([later._id]);
    expect(rowsOf(eve).find((row) => row.id === around._id)?.status).toBe('booked');

    // An entry whose last day has passed has expired: not listed, cannot be left.
    db()
      .update(waitlist)
      .set({ fromDate: addCalendarDays(today(), -5), toDate: addCalendarDays(today(), -1) })
      .where(eq(waitlist.id, later._id))
      .run();
    expect(await listOf(eve)).toEqual([]);
    const leave = await eve.client.rest('DELETE', `/users/waitlist/${later._id}`);
    expect([leave.status, leave.body.message]).toEqual([409, WAITLIST_ENTRY_ENDED]);
  });

  it('shows the salon who waits for a day, longest waiting first, with their details; a specialist may not see it', async () => {
    const day = addCalendarDays(today(), 45);
    const fay = await customer('Fay First');
    const gus = await customer('Gus Second');
    const fays = await join(fay, { ...entryFor(0, 1), fromDate: addCalendarDays(day, -3), toDate: day });
    const guss = await join(gus, { ...entryFor(0, 1), fromDate: day, toDate: addCalendarDays(day, 5) });
    await join(gus, { ...entryFor(0, 1), fromDate: addCalendarDays(day, 1), toDate: addCalendarDays(day, 5) });

    const listed = await admin.rest<SalonWaitlistEntry[]>('GET', `/admin/waitlist?date=${day}`);
    expect(listed.status).toBe(200);
    const ours = listed.body.data.filter((entry) => [fays._id, guss._id].includes(entry._id));
    expect(ours.map((entry) => [entry._id, entry.customer.fullName, entry.customer.email])).toEqual([
      [fays._id, 'Fay First', fay.email],
      [guss._id, 'Gus Second', gus.email],
    ]);
    expect(listed.body.data.map((entry) => entry.fromDate <= day && entry.toDate >= day)).not.toContain(false);

    const reception = await staff(DEMO_RECEPTION.email, DEMO_RECEPTION.password);
    expect((await reception.rest('GET', `/admin/waitlist?date=${day}`)).status).toBe(200);
    const specialist = await staff(DEMO_SPECIALIST.email, DEMO_SPECIALIST.password);
    expect((await specialist.rest('GET', `/admin/waitlist?date=${day}`)).status).toBe(403);
    const bad = await admin.rest('GET', '/admin/waitlist?date=soon');
    expect(bad.status).toBe(400);
  });

  it('ends the entries of a customer who deletes their account', async () => {
    const hal = await customer('Hal Leaving');
    await join(hal, entryFor(4));
    const deleted = await hal.client.rest('DELETE', '/users/me', { password: 'booking-pass' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(rowsOf(hal).map((row) => row.status)).toEqual(['left']);
  });
});
