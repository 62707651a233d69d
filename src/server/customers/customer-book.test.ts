// The customer book over HTTP: search and pages at 5,000 customers, one customer's
// record with its figures, the no-show status counted there and in the reports, the private notes
// (the calendar shows them; no customer ever sees them), and bad input that changes nothing.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_NOTES_MAX_LENGTH } from '@/shared/constants';
import type { AdminBookingPage } from '@/shared/schemas/bookings';
import type { CustomerRecord, CustomerSummary } from '@/shared/schemas/customers';
import type { SalonReport } from '@/shared/schemas/reports';
import type { Calendar } from '@/shared/schemas/calendar';
import { newId } from '@/server/db/ids';
import { bookings, users } from '@/server/db/schema';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import {
  bookingRow,
  createCustomer,
  futureWorkday,
  idOfService,
  idOfSpecialist,
  type TestCustomer,
} from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

const CROWD = 5000;
const FIRST = ['Asha', 'Bela', 'Chloe', 'Dara', 'Esme', 'Farah', 'Gita', 'Hana', 'Ines', 'Juno'];
const LAST = ['Rao', 'Silva', 'Khan', 'Moreau', 'Okafor', 'Lund', 'Tanaka', 'Weiss'];

interface Person {
  id: string;
  fullName: string;
  email: string;
  phone: string;
}

describe('the customer book', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let crowd: Person[];
  let everyone: Person[];

  const salon = useTestApp({ admin: true });
  beforeAll(() => {
    ({ env, app, admin } = salon);
    const { db } = env.database;
    crowd = Array.from({ length: CROWD }, (_, i) => ({
      id: newId(),
      fullName: `${FIRST[i % FIRST.length] ?? ''} ${LAST[(i * 7) % LAST.length] ?? ''} ${String(i)}`,
      email: `guest${String(i)}@crowd.test`,
      phone: String(7_000_000_000 + i),
    }));
    // Half signed up, half booked by the salon over the phone (no password).
    db.transaction((tx) => {
      for (const [i, person] of crowd.entries())
        tx.insert(users)
          .values({ ...person, passwordHash: i % 2 === 0 ? 'x' : '' })
          .run();
    });
    everyone = db
      .select({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone })
      .from(users)
      .all();
  });

  /** The customers a search should find, in the book's order (by name, then id), worked out the slow way. */
  const expected = (search: string): Person[] => {
    const needle = search.toLowerCase();
    return everyone
      .filter((p) => [p.fullName, p.email, p.phone].some((field) => field.toLowerCase().includes(needle)))
      .sort(
        (a, b) =>
          a.fullName.toLowerCase().localeCompare(b.fullName.toLowerCase(), 'en', { sensitivity: 'variant' }) ||
          (a.id < b.id ? -1 : 1),
      );
  };

  const page = async (query: string) => {
    const response = await admin.rest<CustomerSummary[]>('GET', `/admin/customers?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return {
      customers: response.body.data,
      meta: (response.body as unknown as { meta: { total: number; page: number; limit: number } }).meta,
    };
  };

  it('lists every customer twenty to a page by default, with the total beside the list', async () => {
    const first = await page('');
    expect(first.meta).toEqual({ total: everyone.length, page: 1, limit: 20 });
    expect(first.customers).toHaveLength(20);
  });

  it('finds a customer among 5,000 by a part of their name, their e-mail or their phone', async () => {
    const target = crowd[4321];
    if (!target) throw new Error('no target');
    for (const search of [target.email.toUpperCase(), target.phone.slice(2), target.fullName.split(' ')[2] ?? '']) {
      const found = await page(`search=${encodeURIComponent(search)}&limit=100`);
      const want = expected(search);
      expect(found.meta.total, search).toBe(want.length);
      expect(found.customers.map((c) => c._id)).toContain(target.id);
    }
    // The number as the back office shows it, or pasted with spaces and dashes.
    for (const shown of [`+91 ${target.phone}`, `${target.phone.slice(0, 5)}-${target.phone.slice(5)}`]) {
      const found = await page(`search=${encodeURIComponent(shown)}`);
      expect(
        found.customers.map((c) => c._id),
        shown,
      ).toEqual([target.id]);
    }
    const exact = await page(`search=${encodeURIComponent(target.email)}`);
    expect(exact.customers).toEqual([
      expect.objectContaining({
        _id: target.id,
        fullName: target.fullName,
        email: target.email,
        phone: target.phone,
        signedUp: false,
        bookings: 0,
      }),
    ]);
  });

  it('pages through a search of hundreds of matches in name order, each customer exactly once', async () => {
    const search = 'Silva';
    const want = expected(search);
    expect(want.length).toBeGreaterThan(300);
    const seen: string[] = [];
    for (let n = 1; ; n++) {
      const { customers, meta } = await page(`search=${search}&page=${String(n)}&limit=100`);
      expect(meta.total).toBe(want.length);
      if (customers.length === 0) break;
      seen.push(...customers.map((c) => c._id));
    }
    expect(seen).toEqual(want.map((p) => p.id));
    const beyond = await page(`search=${search}&page=999&limit=100`);
    expect(beyond.customers).toEqual([]);
  });

  it('refuses a page size over 100, a page below 1 and an over-long search, with the field named', async () => {
    for (const [query, path, message] of [
      ['limit=101', 'limit', 'Limit must be at most 100'],
      ['page=0', 'page', 'Page must be at least 1'],
      ['page=two', 'page', 'Page must be a number'],
      [`search=${'x'.repeat(101)}`, 'search', 'Search is too long'],
    ] as const) {
      const response = await admin.rest('GET', `/admin/customers?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors).toEqual([{ path, message }]);
    }
  });

  describe('one customer’s record', () => {
    let customer: TestCustomer;
    const ids: Record<'paid' | 'paidAgain' | 'noShow' | 'cancelled' | 'ahead', string> = {
      paid: '',
      paidAgain: '',
      noShow: '',
      cancelled: '',
      ahead: '',
    };
    let aheadDay: string;

    beforeAll(async () => {
      const { db } = env.database;
      const zone = env.config.timezone;
      customer = await createCustomer(app, db, 'Rhea Record');
      const serviceId = idOfService(db, 'Classic Manicure');
      const specialistId = idOfSpecialist(db, 'Maya Chen');
      const past = (days: number) => addCalendarDays(todayIn(zone), -days);
      aheadDay = futureWorkday(zone, 5);
      const rows = {
        paid: bookingRow({
          userId: customer.id,
          serviceId,
          specialistId,
          day: past(40),
          time: '10:00',
          timeZone: zone,
          status: 'completed',
          price: 40,
        }),
        paidAgain: bookingRow({
          userId: customer.id,
          serviceId,
          specialistId,
          day: past(20),
          time: '11:00',
          timeZone: zone,
          status: 'completed',
          price: 25.55,
        }),
        noShow: bookingRow({
          userId: customer.id,
          serviceId,
          specialistId,
          day: past(10),
          time: '12:00',
          timeZone: zone,
          status: 'no-show',
          price: 30,
        }),
        cancelled: bookingRow({
          userId: customer.id,
          serviceId,
          specialistId,
          day: past(5),
          time: '13:00',
          timeZone: zone,
          status: 'cancelled',
          price: 99,
        }),
        ahead: bookingRow({
          userId: customer.id,
          serviceId,
          specialistId,
          day: aheadDay,
          time: '14:00',
          timeZone: zone,
          status: 'confirmed',
          price: 50,
        }),
      };
      for (const [key, row] of Object.entries(rows)) {
        db.insert(bookings).values(row).run();
        ids[key as keyof typeof ids] = row.id;
      }
    });

    const record = async () => {
      const response = await admin.rest<CustomerRecord>('GET', `/admin/customers/${customer.id}`);
      expect(response.status).toBe(200);
      return response.body.data;
    };

    it('shows the bookings, upcoming first, what completed bookings cost to the cent, and the no-shows', async () => {
      const data = await record();
      expect(data).toMatchObject({
        _id: customer.id,
        fullName: 'Rhea Record',
        email: customer.email,
        phone: customer.phone,
        signedUp: true,
        notes: '',
      });
      expect(data.bookings.map((b) => b._id)).toEqual([ids.ahead, ids.cancelled, ids.noShow, ids.paidAgain, ids.paid]);
      expect(data.bookings[0]).toMatchObject({ upcoming: true, status: 'confirmed', price: 50 });
      expect(data.totalSpent).toBe(65.55);
      expect(data.noShows).toBe(1);
      // The no-show ten days ago was no visit: the last one was twenty days ago.
      expect(data.lastVisit).toBe(addCalendarDays(todayIn(env.config.timezone), -20));
      const row = (await page(`search=${encodeURIComponent(customer.email)}`)).customers[0];
      expect(row).toMatchObject({ bookings: 5, totalSpent: 65.55, noShows: 1, lastVisit: data.lastVisit });
    });

    it('counts a booking the admin marks no-show on the record, in the appointments’ counts and in the report', async () => {
      const before = (await admin.rest<SalonReport>('GET', `/admin/reports?from=${aheadDay}&to=${aheadDay}`)).body.data;
      const counts = (await admin.trpc<AdminBookingPage>('query', 'admin.bookings.list', {})).data?.counts;
      // Nobody fails to come before the time: refused, and nothing changes.
      const early = await admin.rest('PATCH', `/admin/bookings/${ids.ahead}/status`, { status: 'no-show' });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ message: 'A booking can be marked no-show once it has begun.' });
      expect((await record()).noShows).toBe(1);
      // Its time comes (its start moved back, as the clock would move on); then it can be.
      const { db } = env.database;
      const begun = new Date(Date.now() - 60_000);
      db.update(bookings).set({ startsAt: begun }).where(eq(bookings.id, ids.ahead)).run();
      const marked = await admin.rest<{ status: string }>('PATCH', `/admin/bookings/${ids.ahead}/status`, {
        status: 'no-show',
      });
      expect(marked.status).toBe(200);
      expect(marked.body.data.status).toBe('no-show');
      expect((await record()).noShows).toBe(2);
      const after = (await admin.rest<SalonReport>('GET', `/admin/reports?from=${aheadDay}&to=${aheadDay}`)).body.data;
      expect(after.byStatus['no-show']).toBe(before.byStatus['no-show'] + 1);
      expect(after.byStatus.confirmed).toBe(before.byStatus.confirmed - 1);
      // A no-show brought nothing in.
      expect(after.takings).toBe(before.takings);
      expect(after.bookedAhead).toBe(before.bookedAhead - 50);
      const countsAfter = (await admin.trpc<AdminBookingPage>('query', 'admin.bookings.list', {})).data?.counts;
      expect(countsAfter?.['no-show']).toBe((counts?.['no-show'] ?? 0) + 1);
      // The customer can neither cancel nor move a booking settled as a no-show.
      const cancel = await customer.client.rest('PATCH', `/users/appointment/${ids.ahead}/cancel`);
      expect(cancel.status).toBe(400);
    });

    it('keeps the salon’s notes, shows them with the booking in the calendar, and never to the customer', async () => {
      const notes = 'Allergic to latex gloves; prefers Maya; likes quiet appointments.';
      const saved = await admin.rest<CustomerRecord>('PATCH', `/admin/customers/${customer.id}`, {
        notes: `  ${notes}  `,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.notes).toBe(notes);
      expect((await record()).notes).toBe(notes);

      const calendar = await admin.rest<Calendar>('GET', `/admin/calendar?from=${aheadDay}&to=${aheadDay}`);
      expect(calendar.body.data.bookings.some((b) => b._id === ids.ahead)).toBe(true);
      expect(calendar.body.data.customers[customer.id]).toEqual({ notes, deleted: false });

      // Everything the customer can read about themselves: no trace of the notes.
      for (const path of ['/users/me', '/users/me/export', '/users/appointment', '/reviews']) {
        const response = await customer.client.request('GET', `/api/v1${path}`);
        expect(response.statusCode, path).toBe(200);
        expect(response.body, path).not.toContain('latex');
      }
      for (const path of [
        `/admin/customers/${customer.id}`,
        '/admin/customers',
        `/admin/calendar?from=${aheadDay}&to=${aheadDay}`,
      ]) {
        expect((await customer.client.rest('GET', path)).status, path).toBe(403);
        expect((await new TestClient(app).rest('GET', path)).status, path).toBe(401);
      }
      expect(
        (await customer.client.rest('PATCH', `/admin/customers/${customer.id}`, { notes: 'mine now' })).status,
      ).toBe(403);
      expect((await record()).notes).toBe(notes);
    });

    it('refuses notes over the limit and an unknown customer, changing nothing', async () => {
      const before = (await record()).notes;
      const long = await admin.rest('PATCH', `/admin/customers/${customer.id}`, {
        notes: 'n'.repeat(CUSTOMER_NOTES_MAX_LENGTH + 1),
      });
      expect(long.status).toBe(400);
      expect(long.body.errors).toEqual([
        { path: 'notes', message: `Notes must be at most ${String(CUSTOMER_NOTES_MAX_LENGTH)} characters` },
      ]);
      expect((await record()).notes).toBe(before);
      const unknown = '0123456789abcdef01234567';
      expect((await admin.rest('GET', `/admin/customers/${unknown}`)).status).toBe(404);
      expect((await admin.rest('PATCH', `/admin/customers/${unknown}`, { notes: 'x' })).status).toBe(404);
    });
  });

  it('lists a customer the salon booked by phone, and no longer one whose account was deleted', async () => {
    const day = futureWorkday(env.config.timezone, 9);
    const booked = await admin.rest<{ user: { _id: string } }>('POST', '/admin/bookings', {
      firstName: 'Walk',
      lastName: 'Inwood',
      phone: '9123400001',
      bookingDate: day,
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const found = await page('search=Inwood');
    expect(found.customers).toEqual([
      expect.objectContaining({ fullName: 'Walk Inwood', signedUp: false, bookings: 1, phone: '9123400001' }),
    ]);

    const id = booked.body.data.user._id;
    env.database.db
      .update(users)
      .set({ deletedAt: new Date(), fullName: 'Former customer' })
      .where(eq(users.id, id))
      .run();
    expect((await page('search=Former')).customers.map((c) => c._id)).not.toContain(id);
    expect((await admin.rest('GET', `/admin/customers/${id}`)).status).toBe(404);
  });
});
