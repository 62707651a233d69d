// Reports over real HTTP on a real SQLite file: a month built by hand (bookings made
// through the API, a discount, a price change half-way, a cancellation, a move, statuses set by
// the admin) whose figures are known to the cent, by service and by specialist; utilisation with
// breaks, time off and a closure; the CSV files parsed back with a CSV parser.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@/shared/schemas/bookings';
import type { Visit } from '@/shared/schemas/visits';
import type { SalonReport } from '@/shared/schemas/reports';
import { REPORT_PERIOD_MISSING, REPORT_PERIOD_TOO_LONG } from '@/shared/schemas/reports';
import { newId } from '@/server/db/ids';
import { discountCategories, discounts } from '@/server/db/schema';
import { addCalendarDays } from '@/server/domain/calendar';
import { weekdayOf } from '@/server/domain/slots';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, idOfService, idOfSpecialist, type TestCustomer } from '@/server/test/bookings';
import { multipartForm, signedIn } from '@/server/test/catalogue';
import type { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

describe('reports', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;
  let admin: TestClient;
  let zone: string;
  /** The hand-built month: 28 days starting on a Monday a month ahead (no demo booking or discount in it). */
  let from: string;
  let to: string;
  const day = (offset: number) => addCalendarDays(from, offset);

  const salon = useTestApp({ env: { BOOKINGS_PER_CUSTOMER_PER_HOUR: '1000' }, admin: true });
  beforeAll(() => {
    ({ env, app, admin } = salon);
    zone = env.config.timezone;
    from = futureWorkday(zone, 31, ['Monday']);
    to = addCalendarDays(from, 27);
  });

  const db = () => env.database.db;

  async function book(
    who: TestCustomer,
    bookingDate: string,
    timeSlot: string,
    service: string,
    specialist: string,
  ): Promise<Booking> {
    const answer = await who.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate,
      timeSlot,
      service,
      specialist,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  async function setStatus(booking: Booking, status: string): Promise<void> {
    const answer = await admin.rest('PATCH', `/admin/bookings/${booking._id}/status`, { status });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  async function report(period = { from, to }): Promise<SalonReport> {
    const answer = await admin.rest<SalonReport>('GET', `/admin/reports?from=${period.from}&to=${period.to}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  async function csv(table: string): Promise<{ header: string[]; rows: string[][]; raw: string; disposition: string }> {
    const response = await admin.request('GET', `/api/v1/admin/reports/${table}.csv?from=${from}&to=${to}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records: string[][] = parse(response.body, { bom: true });
    return {
      header: records[0] ?? [],
      rows: records.slice(1),
      raw: response.body,
      disposition: String(response.headers['content-disposition']),
    };
  }

  it('adds up a month by hand to the cent: prices as booked, a discount, a price change, a cancellation and a move', async () => {
    const empty = await report();
    expect(empty).toMatchObject({
      takings: 0,
      bookedAhead: 0,
      bookings: 0,
      cancellationRate: 0,
      customers: { new: 0, returning: 0 },
    });
    expect(empty.perDay).toHaveLength(28);

    // A 10% discount on nail care for the second week of the month.
    const dealId = newId();
    db()
      .insert(discounts)
      .values({
        id: dealId,
        title: 'Nail Week',
        percentage: 10,
        validFrom: day(7),
        validTill: day(13),
        imageUrl: 'deal.jpg',
      })
      .run();
    db().insert(discountCategories).values({ discountId: dealId, category: 'Nail care' }).run();

    // Ann booked with the salon before this month: she is a returning customer; the others are new.
    const ann = await createCustomer(app, db(), 'Ann Returning');
    const bea = await createCustomer(app, db(), 'Łucja "Lu" Nowak, Jr');
    const chie = await createCustomer(app, db(), '山田 花子');
    const before = await book(ann, futureWorkday(zone, 3), '16:00', 'Classic Manicure', 'Maya Chen');
    await setStatus(before, 'completed');

    const first = await book(ann, day(0), '10:00', 'Classic Manicure', 'Maya Chen');
    expect(first).toMatchObject({ price: 25, discountPercentage: null, service: { price: 25 } });
    const discounted = await book(ann, day(8), '10:00', 'Classic Manicure', 'Maya Chen');
    expect(discounted).toMatchObject({ price: 22.5, discountPercentage: 10, service: { price: 25 } });
    const makeup = await book(chie, day(2), '11:00', 'Evening Make up', 'Anna Petrova');
    expect(makeup.price).toBe(60);

    // The manicure costs 30 from now on; the bookings above keep their prices.
    const manicureId = idOfService(db(), 'Classic Manicure');
    const raised = await admin.rest(
      'PATCH',
      `/admin/services/${manicureId}`,
      multipartForm({
        name: 'Classic Manicure',
        price: '30',
        duration: '45',
        category: 'Nail care',
        description: 'Shaping, cuticle care, a hand massage and the polish of your choice.',
      }),
    );
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const later = await book(bea, day(15), '11:00', 'Classic Manicure', 'Maya Chen');
    expect(later.price).toBe(30);
    const cancelled = await book(bea, day(16), '10:00', 'Gel Pedicure', 'Maya Chen');
    expect((await bea.client.rest('PATCH', `/users/appointment/${cancelled._id}/cancel`)).status).toBe(200);
    // Moved two days later: the day's figures move with it.
    const moved = await admin.rest<Booking>('PATCH', `/admin/bookings/${later._id}`, {
      bookingDate: day(17),
      timeSlot: '11:00',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.price).toBe(30);

    await setStatus(first, 'completed');
    await setStatus(discounted, 'completed');
    await setStatus(makeup, 'completed');
    await setStatus(later, 'confirmed');

    const month = await report();
    expect(month).toMatchObject({
      from,
      to,
      takings: 107.5,
      bookedAhead: 30,
      bookings: 4,
      byStatus: { pending: 0, confirmed: 1, cancelled: 1, completed: 3 },
      cancellationRate: 0.2,
      customers: { new: 2, returning: 1 },
    });
    const byService = Object.fromEntries(
      month.byService.map((row) => [row.service.name, { count: row.count, takings: row.takings }]),
    );
    expect(byService['Classic Manicure']).toEqual({ count: 3, takings: 47.5 });
    expect(byService['Evening Make up']).toEqual({ count: 1, takings: 60 });
    expect(byService['Gel Pedicure']).toEqual({ count: 0, takings: 0 });
    // Every service still offered is listed, idle ones too.
    expect(month.byService).toHaveLength(10);
    const bySpecialist = Object.fromEntries(month.bySpecialist.map((row) => [row.specialist.name, row]));
    expect(bySpecialist['Maya Chen']).toMatchObject({ count: 3, takings: 47.5, bookedMinutes: 135 });
    expect(bySpecialist['Anna Petrova']).toMatchObject({ count: 1, takings: 60, bookedMinutes: 60 });
    expect(bySpecialist['Leila Haddad']).toMatchObject({ count: 0, takings: 0, bookedMinutes: 0 });

    const perDay = Object.fromEntries(month.perDay.map((row) => [row.date, row]));
    expect(perDay[day(0)]).toEqual({ date: day(0), count: 1, takings: 25 });
    expect(perDay[day(8)]).toEqual({ date: day(8), count: 1, takings: 22.5 });
    expect(perDay[day(15)]).toEqual({ date: day(15), count: 0, takings: 0 });
    expect(perDay[day(16)]).toEqual({ date: day(16), count: 0, takings: 0 });
    expect(perDay[day(17)]).toEqual({ date: day(17), count: 1, takings: 0 });
    expect(month.perDay.reduce((sum, row) => sum + row.takings, 0)).toBe(107.5);

    // The triggers' totals agree with the bookings themselves, row for row.
    const drift = db().all(sql`
      SELECT b.booking_date, b.service_id, b.status FROM bookings b
      GROUP BY b.booking_date, b.service_id, b.status
      HAVING count(*) <> coalesce((SELECT t.bookings FROM booking_totals_by_service t
        WHERE t.day = b.booking_date AND t.service_id = b.service_id AND t.status = b.status), -1)
        OR sum(CAST(round(b.price * 100) AS INTEGER)) <> (SELECT t.cents FROM booking_totals_by_service t
        WHERE t.day = b.booking_date AND t.service_id = b.service_id AND t.status = b.status)`);
    expect(drift).toEqual([]);
  });

  it('measures utilisation against the schedule: breaks, time off and a closed day do not count as working time', async () => {
    const maya = idOfSpecialist(db(), 'Maya Chen');
    // Weekdays 09:00-13:00 and 14:00-18:00 (8 hours with a break), weekends off.
    const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((weekday) => ({
      day: weekday,
      ranges: [
        { from: '09:00', to: '13:00' },
        { from: '14:00', to: '18:00' },
      ],
    }));
    const put = await admin.rest('PUT', `/admin/specialists/${maya}/schedule`, {
      days: [...week, { day: 'Saturday', ranges: [] }, { day: 'Sunday', ranges: [] }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // A morning off on the month's second Wednesday, and the salon closed on its third Friday.
    const timeOff = await admin.rest('POST', `/admin/specialists/${maya}/time-off`, {
      startsAt: `${day(9)}T09:00`,
      endsAt: `${day(9)}T12:00`,
      reason: 'Dentist',
    });
    expect(timeOff.status, JSON.stringify(timeOff.body)).toBe(201);
    const closed = await admin.rest('POST', '/admin/closures', { date: day(18), reason: 'Public holiday' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);

    let workdays = 0;
    for (let offset = 0; offset < 28; offset++) {
      const weekday = weekdayOf(day(offset));
      if (weekday !== 'Saturday' && weekday !== 'Sunday' && offset !== 18) workdays++;
    }
    expect(workdays).toBe(19);
    const scheduled = workdays * 8 * 60 - 3 * 60;

    const mayaRow = (await report()).bySpecialist.find((row) => row.specialist.name === 'Maya Chen');
    expect(mayaRow).toMatchObject({
      bookedMinutes: 135,
      scheduledMinutes: scheduled,
      utilisation: Math.round((135 / scheduled) * 10_000) / 10_000,
    });
  });

  it('exports the bookings, services and specialists as CSV that parses back to the same rows', async () => {
    const bookingsFile = await csv('bookings');
    expect(bookingsFile.raw.startsWith('\uFEFF')).toBe(true);
    expect(bookingsFile.disposition).toBe(`attachment; filename="bookings-${from}-to-${to}.csv"`);
    expect(bookingsFile.header).toEqual([
      'Date',
      'Time',
      'Customer',
      'Email',
      'Phone',
      'Service',
      'Specialist',
      'Status',
      'Price',
      'Visit',
      'Source',
    ]);
    const listed = (await admin.rest<Booking[]>('GET', '/admin/bookings?limit=100')).body.data;
    const inMonth = listed
      .filter((booking) => booking.bookingDate >= from && booking.bookingDate <= to)
      .sort((a, b) => `${a.bookingDate} ${a.timeSlot}`.localeCompare(`${b.bookingDate} ${b.timeSlot}`));
    expect(bookingsFile.rows).toEqual(
      inMonth.map((booking) => [
        booking.bookingDate,
        booking.timeSlot,
        `${booking.firstName} ${booking.lastName}`,
        booking.email,
        // A phone is all digits: marked as text (export.ts, asText).
        `\u200B${booking.phone}`,
        booking.service.name,
        booking.specialist.name,
        booking.status,
        booking.price.toFixed(2),
        // A booking of one service is no visit's item.
        booking.visitId ?? '',
        // Made in the back office or by the customer directly.
        'direct',
      ]),
    );
    // Commas, quotes and non-Latin names survive the round trip.
    const customers = bookingsFile.rows.map((row) => row[2]);
    expect(customers).toContain('Łucja "Lu" Nowak, Jr');
    expect(customers).toContain('山田 花子');

    const services = await csv('services');
    expect(services.header).toEqual(['Service', 'Bookings', 'Takings']);
    expect(services.rows).toContainEqual(['Classic Manicure', '3', '47.50']);
    const specialists = await csv('specialists');
    expect(specialists.header).toEqual([
      'Specialist',
      'Bookings',
      'Takings',
      'Booked hours',
      'Scheduled hours',
      'Utilisation %',
    ]);
    expect(specialists.rows.find((row) => row[0] === 'Anna Petrova')?.slice(0, 4)).toEqual([
      'Anna Petrova',
      '1',
      '60.00',
      '1.00',
    ]);
  });

  it('refuses a period over 366 days or running backwards with a clear message, and a customer', async () => {
    const long = await admin.rest('GET', '/admin/reports?from=2026-01-01&to=2027-01-02');
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ path: 'to', message: REPORT_PERIOD_TOO_LONG }]);
    expect((await admin.rest('GET', '/admin/reports?from=2026-01-01&to=2027-01-01')).status).toBe(200);
    const backwards = await admin.rest('GET', '/admin/reports/bookings.csv?from=2026-02-01&to=2026-01-31');
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('The end of the period must not be before its start.');
    expect((await admin.rest('GET', '/admin/reports?from=2026-02-30&to=2026-03-01')).status).toBe(400);
    // No period at all over /trpc (no input): refused with a message, not an error of the server's.
    for (const [procedure, message] of [
      ['admin.reports.get', REPORT_PERIOD_MISSING],
      ['admin.reports.csv', REPORT_PERIOD_MISSING],
      ['admin.calendar.get', 'Choose the days to show: from and to.'],
    ] as const) {
      const bare = await admin.trpc('query', procedure);
      expect(bare.status, procedure).toBe(400);
      expect(bare.error?.message, procedure).toContain(message);
    }
    const customer = await signedIn(app, 'customer');
    expect((await customer.rest('GET', `/admin/reports?from=${from}&to=${to}`)).status).toBe(403);
  });

  it('counts a visit per service and per specialist, with active minutes only, and exports each item with its visit', async () => {
    // The Wednesday before the hand-built month: Leila and Anna both work.
    const visitDay = addCalendarDays(from, -5);
    const vera = await createCustomer(app, db(), 'Vera Visit');
    const booked = await vera.client.rest<Visit>('POST', '/users/visits', {
      bookingDate: visitDay,
      timeSlot: '10:00',
      items: [
        { service: 'Hair Colouring', specialist: 'Leila Haddad' },
        { service: 'Haircut & Styling', specialist: 'Anna Petrova' },
      ],
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // Done: takings count what was completed.
    const completed = await admin.rest('PATCH', `/admin/visits/${booked.body.data._id}/status`, {
      status: 'completed',
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const dayReport = await report({ from: visitDay, to: visitDay });
    // Leila's own colour price (the demo's $95), the cut at the service's $45.
    expect(dayReport.byService.find((row) => row.service.name === 'Hair Colouring')).toMatchObject({
      count: 1,
      takings: 95,
    });
    expect(dayReport.byService.find((row) => row.service.name === 'Haircut & Styling')).toMatchObject({
      count: 1,
      takings: 45,
    });
    // The colour's 40 minutes of processing are not Leila's working time.
    expect(dayReport.bySpecialist.find((row) => row.specialist.name === 'Leila Haddad')).toMatchObject({
      count: 1,
      bookedMinutes: 60,
    });
    const exported = await admin.request('GET', `/api/v1/admin/reports/bookings.csv?from=${visitDay}&to=${visitDay}`);
    expect(exported.statusCode).toBe(200);
    const [header, ...rows]: string[][] = parse(exported.body, { bom: true });
    const visitColumn = (header ?? []).indexOf('Visit');
    const items = rows.filter((row) => row[2] === 'Vera Visit');
    expect(items.map((row) => [row[1], row[5], row[visitColumn]])).toEqual([
      ['10:00', 'Hair Colouring', booked.body.data._id],
      ['11:40', 'Haircut & Styling', booked.body.data._id],
    ]);
  });
});
