// Standing appointments over HTTP (README "Standing appointments"): a visit repeated every few
// weeks, every occurrence checked like a new booking; the preview lists those that do not fit with
// the nearest free times that day, then what fits is booked in one go with the times picked;
// "this and the following" moves and cancels; simultaneous series never share a time; bad input
// is refused in words and changes nothing. Real HTTP through Fastify, a real SQLite file.
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerBooking } from '@/shared/schemas/bookings';
import {
  OCCURRENCE_CHOICE_MESSAGE,
  REPEAT_END_MESSAGE,
  REPEAT_WEEKS_MESSAGE,
  type BookedSeries,
  type BookedVisit,
  type SeriesPreview,
  type Visit,
} from '@/shared/schemas/visits';
import { bookings, bookingSeries, messages, services } from '@/server/db/schema';
import { addCalendarDays } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import {
  bookingRow,
  createCustomer,
  futureWorkday,
  idOfService,
  idOfSpecialist,
  type TestCustomer,
} from '@/server/test/bookings';
import type { TestClient } from '@/server/test/http';
import { TOO_MANY_PREVIEWS } from './series';

const MANICURE = { service: 'Classic Manicure', specialist: 'Maya Chen' };
const CROWD = 20;

describe('standing appointments', () => {
  let app: FastifyInstance;
  let admin: TestClient;
  let zone: string;
  const salon = useTestApp({ admin: true, webhooks: true });
  const db = () => salon.db;

  beforeAll(() => {
    ({ app, admin } = salon);
    zone = salon.config.timezone;
    // Plain terms, whatever the demo's: an hour's manicure with nothing before or after, bookable
    // up to 200 days ahead so a ten-week series lies within its horizon.
    db()
      .update(services)
      .set({ bufferMinutes: 0, processingMinutes: 0, minNoticeMinutes: 0, maxAdvanceDays: 200 })
      .run();
    db().update(services).set({ durationMinutes: 60 }).where(eq(services.name, 'Classic Manicure')).run();
  });

  const customer = (name?: string) => createCustomer(app, db(), name);
  /** `count` weekly days from `first`. */
  const weekly = (first: string, count: number) =>
    Array.from({ length: count }, (_, index) => addCalendarDays(first, 7 * index));
  const form = (who: TestCustomer, bookingDate: string, timeSlot: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Stella',
    lastName: 'Standing',
    email: who.email,
    phone: who.phone,
    bookingDate,
    timeSlot,
    items: [MANICURE],
    ...extra,
  });
  const liveRowsOf = (userId: string) =>
    db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.userId, userId), ne(bookings.status, 'cancelled')))
      .orderBy(asc(bookings.startsAt))
      .all();
  const seriesCount = () => db().select({ n: count() }).from(bookingSeries).get()?.n ?? 0;
  const bookingCount = () => db().select({ n: count() }).from(bookings).get()?.n ?? 0;

  describe('a ten-week series across a closed day and a time off', () => {
    // Tuesdays from three weeks ahead, clear of the demo's bookings.
    const first = () => futureWorkday(zone, 21, ['Tuesday']);
    const days = () => weekly(first(), 10);
    const closed = () => days()[3] ?? '';
    const away = () => days()[6] ?? '';
    let bea: TestCustomer;
    let series: BookedSeries;

    beforeAll(async () => {
      bea = await customer('Bea Regular');
      const closure = await admin.rest('POST', '/admin/closures', { date: closed(), reason: 'Staff day' });
      expect(closure.status, closure.body.message).toBe(201);
      const mayaId = idOfSpecialist(db(), 'Maya Chen');
      const timeOff = await admin.rest('POST', `/admin/specialists/${mayaId}/time-off`, {
        startsAt: `${away()}T10:00`,
        endsAt: `${away()}T12:00`,
        reason: 'Dentist',
      });
      expect(timeOff.status, timeOff.body.message).toBe(201);
    });

    it('lists exactly those two as not fitting, each with the nearest free times, and the preview writes nothing', async () => {
      const before = { bookings: bookingCount(), series: seriesCount() };
      const answer = await bea.client.rest<SeriesPreview>(
        'POST',
        '/users/visits',
        form(bea, first(), '10:30', { repeat: { everyWeeks: 1, count: 10 }, preview: true }),
      );
      expect(answer.status, answer.body.message).toBe(201);
      const preview = answer.body.data;
      expect(preview.preview).toBe(true);
      expect(preview.series.fitting.map((occurrence) => occurrence.bookingDate)).toEqual(
        days().filter((day) => day !== closed() && day !== away()),
      );
      expect(preview.series.fitting.every((occurrence) => occurrence.timeSlot === '10:30')).toBe(true);
      expect(preview.series.notFitting).toEqual([
        { bookingDate: closed(), timeSlot: '10:30', reason: 'The salon is closed that day.', nearest: [] },
        {
          bookingDate: away(),
          timeSlot: '10:30',
          reason: 'That time is taken.',
          // Maya is away 10:00 to 12:00: the hour before and the times after, nearest first.
          nearest: ['09:00', '12:00', '12:30', '13:00', '13:30', '14:00'],
        },
      ]);
      expect(preview.series.skipped).toEqual([]);
      expect({ bookings: bookingCount(), series: seriesCount() }).toEqual(before);

      // The salon's preview of the same says what the time clashes with.
      const salonPreview = await admin.rest<SeriesPreview>('POST', '/admin/visits', {
        ...form(bea, first(), '10:30', { repeat: { everyWeeks: 1, until: days()[9] }, preview: true }),
        email: undefined,
      });
      expect(salonPreview.status, salonPreview.body.message).toBe(201);
      expect(salonPreview.body.data.series.notFitting.map((miss) => [miss.bookingDate, miss.reason])).toEqual([
        [closed(), 'The salon is closed that day.'],
        [away(), 'Maya Chen is on time off then.'],
      ]);
      expect({ bookings: bookingCount(), series: seriesCount() }).toEqual(before);
    });

    it('books nine occurrences in one go with a picked time for one and the other skipped, with one confirmation', async () => {
      const answer = await bea.client.rest<BookedVisit>(
        'POST',
        '/users/visits',
        form(bea, first(), '10:30', {
          repeat: { everyWeeks: 1, count: 10 },
          occurrences: [
            { bookingDate: closed(), skip: true },
            { bookingDate: away(), timeSlot: '12:00' },
          ],
        }),
      );
      expect(answer.status, answer.body.message).toBe(201);
      const visit = answer.body.data;
      expect(visit).toMatchObject({ bookingDate: first(), timeSlot: '10:30', items: [{ status: 'pending' }] });
      const booked = visit.series;
      if (!booked) throw new Error('no series in the answer');
      series = booked;
      expect(booked.booked.map((occurrence) => [occurrence.bookingDate, occurrence.timeSlot])).toEqual(
        days()
          .filter((day) => day !== closed())
          .map((day) => [day, day === away() ? '12:00' : '10:30']),
      );
      expect(booked).toMatchObject({ everyWeeks: 1, count: 10, until: null, notFitting: [], skipped: [closed()] });
      expect(booked.booked[0]?._id).toBe(visit._id);

      const rows = liveRowsOf(bea.id);
      expect(rows).toHaveLength(9);
      expect(new Set(rows.map((row) => row.seriesId))).toEqual(new Set([booked._id]));
      expect(new Set(rows.map((row) => row.visitId)).size).toBe(9);
      // Each occurrence its own reminder; one confirmation for the series.
      const sent = db()
        .select({ kind: messages.kind })
        .from(messages)
        .where(
          inArray(
            messages.bookingId,
            rows.map((row) => row.id),
          ),
        )
        .all()
        .map((message) => message.kind);
      expect(sent.filter((kind) => kind === 'booking-created')).toHaveLength(1);
      expect(sent.filter((kind) => kind === 'reminder')).toHaveLength(9);

      // My appointments marks them as occurrences of the series.
      const mine = await bea.client.rest<CustomerBooking[]>('GET', '/users/appointment');
      expect(mine.status).toBe(200);
      expect(mine.body.data.filter((booking) => booking.seriesId === booked._id)).toHaveLength(9);
      // So does the calendar: four of them in its first 31 days (the closed day skipped).
      const calendar = await admin.rest<{ bookings: { seriesId?: string | null }[] }>(
        'GET',
        `/admin/calendar?from=${first()}&to=${addCalendarDays(first(), 30)}`,
      );
      expect(calendar.status, calendar.body.message).toBe(200);
      expect(calendar.body.data.bookings.filter((booking) => booking.seriesId === booked._id)).toHaveLength(4);
    });

    it('moves this and the following occurrences by the same shift and leaves the earlier ones', async () => {
      const fifth = series.booked[4];
      if (!fifth) throw new Error('no fifth occurrence');
      const wednesday = addCalendarDays(fifth.bookingDate, 1);
      const moved = await bea.client.rest<Visit>('PATCH', `/users/visits/${fifth._id}`, {
        bookingDate: wednesday,
        timeSlot: '15:00',
        scope: 'following',
      });
      expect(moved.status, moved.body.message).toBe(200);
      expect(moved.body.data).toMatchObject({ _id: fifth._id, bookingDate: wednesday, timeSlot: '15:00' });
      const rows = liveRowsOf(bea.id);
      expect(rows.map((row) => [row.bookingDate, row.timeSlot])).toEqual(
        series.booked.map((occurrence, index) =>
          index < 4
            ? [occurrence.bookingDate, occurrence.timeSlot]
            : [addCalendarDays(occurrence.bookingDate, 1), '15:00'],
        ),
      );
    });

    it('refuses a move of the following occurrences that one of them cannot take, naming it, and moves none', async () => {
      // Another customer takes Thursday 15:00 in the eighth occurrence's week.
      const eighth = series.booked[7];
      const sixth = series.booked[5];
      if (!eighth || !sixth) throw new Error('no occurrence');
      const thursday = addCalendarDays(eighth.bookingDate, 2);
      const other = await customer('Olga Other');
      // Beyond the salon's 60 days, where only the series' own horizon reaches: written directly.
      db()
        .insert(bookings)
        .values(
          bookingRow({
            userId: other.id,
            serviceId: idOfService(db(), 'Classic Manicure'),
            specialistId: idOfSpecialist(db(), 'Maya Chen'),
            day: thursday,
            time: '15:00',
            timeZone: zone,
            durationMinutes: 60,
          }),
        )
        .run();
      const before = liveRowsOf(bea.id);

      const refused = await bea.client.rest('PATCH', `/users/visits/${sixth._id}`, {
        bookingDate: addCalendarDays(sixth.bookingDate, 2),
        timeSlot: '15:00',
        scope: 'following',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(
        /^Thursday \d{2}\/\d{2}\/\d{4} at 3:00 PM does not fit: That time is taken\./,
      );
      expect(liveRowsOf(bea.id)).toEqual(before);
    });

    it('cancels this and the following occurrences and keeps the earlier ones', async () => {
      const seventh = series.booked[6];
      if (!seventh) throw new Error('no seventh occurrence');
      const cancelled = await bea.client.rest<Visit>('PATCH', `/users/visits/${seventh._id}/cancel`, {
        scope: 'following',
      });
      expect(cancelled.status, cancelled.body.message).toBe(200);
      expect(cancelled.body.data.items.map((item) => item.status)).toEqual(['cancelled']);
      const rows = db()
        .select({ visitId: bookings.visitId, status: bookings.status })
        .from(bookings)
        .where(eq(bookings.seriesId, series._id))
        .orderBy(asc(bookings.startsAt))
        .all();
      expect(rows.map((row) => row.status)).toEqual([
        ...Array<string>(6).fill('pending'),
        ...Array<string>(3).fill('cancelled'),
      ]);
      // The customer is told once.
      const told = db()
        .select({ n: count() })
        .from(messages)
        .innerJoin(bookings, eq(bookings.id, messages.bookingId))
        .where(and(eq(bookings.seriesId, series._id), eq(messages.kind, 'booking-cancelled')))
        .get()?.n;
      expect(told).toBe(1);
    });
  });

  it('lets the salon book a series for a customer who phoned, move the following ones and cancel them by status', async () => {
    const first = futureWorkday(zone, 25, ['Saturday']);
    const phoned = {
      firstName: 'Paula',
      lastName: 'Phoned',
      phone: '9000033333',
      email: `paula${String(Date.now())}@example.test`,
      bookingDate: first,
      timeSlot: '13:00',
      items: [{ service: 'Gel Pedicure', specialist: 'Maya Chen' }],
      repeat: { everyWeeks: 2, count: 4 },
    };
    const booked = await admin.rest<BookedVisit>('POST', '/admin/visits', phoned);
    expect(booked.status, booked.body.message).toBe(201);
    const occurrences = booked.body.data.series?.booked ?? [];
    expect(occurrences.map((occurrence) => occurrence.bookingDate)).toEqual(
      weekly(first, 7).filter((_, i) => i % 2 === 0),
    );
    const seriesId = booked.body.data.series?._id ?? '';
    const rowsOfSeries = () =>
      db()
        .select({ timeSlot: bookings.timeSlot, status: bookings.status })
        .from(bookings)
        .where(eq(bookings.seriesId, seriesId))
        .orderBy(asc(bookings.startsAt))
        .all();
    expect(rowsOfSeries().map((row) => row.status)).toEqual(Array<string>(4).fill('confirmed'));

    const second = occurrences[1];
    const third = occurrences[2];
    if (!second || !third) throw new Error('no occurrence');
    const moved = await admin.rest<Visit>('PATCH', `/admin/visits/${second._id}`, {
      bookingDate: second.bookingDate,
      timeSlot: '14:00',
      scope: 'following',
    });
    expect(moved.status, moved.body.message).toBe(200);
    expect(rowsOfSeries().map((row) => row.timeSlot)).toEqual(['13:00', '14:00', '14:00', '14:00']);

    const notCancel = await admin.rest('PATCH', `/admin/visits/${third._id}/status`, {
      status: 'completed',
      scope: 'following',
    });
    expect(notCancel.status).toBe(400);
    expect(notCancel.body.errors).toContainEqual({
      path: 'scope',
      message: 'Only a cancellation takes the following occurrences too',
    });
    const cancelled = await admin.rest<Visit>('PATCH', `/admin/visits/${third._id}/status`, {
      status: 'cancelled',
      scope: 'following',
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(rowsOfSeries().map((row) => row.status)).toEqual(['confirmed', 'confirmed', 'cancelled', 'cancelled']);
  });

  it('posts booking.created for every item of every occurrence', async () => {
    const endpoint = await admin.rest<{ _id: string }>('POST', '/admin/webhooks', {
      url: `${salon.hooks.url}/series`,
      events: ['booking.created'],
    });
    expect(endpoint.status, endpoint.body.message).toBe(201);
    const first = futureWorkday(zone, 29, ['Wednesday']);
    const booked = await admin.rest<BookedVisit>('POST', '/admin/visits', {
      firstName: 'Hugo',
      lastName: 'Hooked',
      phone: '9000044444',
      bookingDate: first,
      timeSlot: '09:00',
      items: [MANICURE, { service: 'Gel Pedicure', specialist: 'Maya Chen' }],
      repeat: { everyWeeks: 1, count: 3 },
    });
    expect(booked.status, booked.body.message).toBe(201);
    const ids = db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.seriesId, booked.body.data.series?._id ?? ''))
      .all()
      .map((row) => row.id);
    expect(ids).toHaveLength(6);
    const posted = db()
      .select({ bookingId: messages.bookingId })
      .from(messages)
      .where(and(eq(messages.channel, 'webhook'), inArray(messages.bookingId, ids)))
      .all();
    expect(posted.map((row) => row.bookingId).sort()).toEqual([...ids].sort());
    await admin.rest('DELETE', `/admin/webhooks/${endpoint.body.data._id}`);
  });

  it('refuses the whole series when a picked time is taken meanwhile, naming it, and books nothing', async () => {
    const first = futureWorkday(zone, 22, ['Wednesday']);
    const third = addCalendarDays(first, 14);
    const [cleo, rival] = [await customer('Cleo Careful'), await customer('Rita Rival')];
    const taken = await rival.client.rest('POST', '/users/visits', form(rival, third, '16:00'));
    expect(taken.status, taken.body.message).toBe(201);
    const before = { bookings: bookingCount(), series: seriesCount() };
    const refused = await cleo.client.rest(
      'POST',
      '/users/visits',
      form(cleo, first, '11:00', {
        repeat: { everyWeeks: 1, count: 3 },
        occurrences: [{ bookingDate: third, timeSlot: '16:00' }],
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Wednesday \d{2}\/\d{2}\/\d{4} at 4:00 PM does not fit: That time is taken\./,
    );
    expect({ bookings: bookingCount(), series: seriesCount() }).toEqual(before);
  });

  it('never gives two customers booking overlapping series at once a clashing occurrence', async () => {
    // Twenty customers at once, each four Thursdays from one of three weeks, at 10:00 or 10:30:
    // their occurrences overlap on Maya's time every week.
    const start = futureWorkday(zone, 23, ['Thursday']);
    const crowd = await Promise.all(Array.from({ length: CROWD }, (_, index) => customer(`Crowd ${String(index)}`)));
    const answers = await Promise.all(
      crowd.map((who, index) =>
        who.client.rest<BookedVisit>(
          'POST',
          '/users/visits',
          form(who, addCalendarDays(start, 7 * (index % 3)), index % 2 === 0 ? '10:00' : '10:30', {
            repeat: { everyWeeks: 1, count: 4 },
          }),
        ),
      ),
    );
    for (const answer of answers) expect([201, 409], answer.body.message).toContain(answer.status);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThan(0);
    const mayaId = idOfSpecialist(db(), 'Maya Chen');
    const live = db()
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt, userId: bookings.userId })
      .from(bookings)
      .where(
        and(
          eq(bookings.specialistId, mayaId),
          ne(bookings.status, 'cancelled'),
          inArray(
            bookings.userId,
            crowd.map((who) => who.id),
          ),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .all();
    // No two of Maya's bookings overlap.
    live.forEach((booking, index) => {
      const next = live[index + 1];
      if (next) expect(next.startsAt.getTime()).toBeGreaterThanOrEqual(booking.endsAt.getTime());
    });
    // And each answer lists exactly what it booked.
    const bookedInAnswers = answers.flatMap((answer) =>
      answer.status === 201 ? (answer.body.data.series?.booked ?? []) : [],
    );
    expect(bookedInAnswers).toHaveLength(live.length);
  });

  it('limits how often a customer may check a series, and the limit books nothing', async () => {
    const ivo = await customer('Ivo Previews');
    const check = () =>
      ivo.client.rest('POST', '/users/visits', {
        ...form(ivo, futureWorkday(zone, 40, ['Tuesday']), '10:00', { repeat: { everyWeeks: 1, count: 4 } }),
        preview: true,
      });
    for (let i = 0; i < 60; i++) expect((await check()).status).toBe(201);
    const refused = await check();
    expect([refused.status, refused.body.message]).toEqual([429, expect.stringContaining(TOO_MANY_PREVIEWS)]);
    expect(liveRowsOf(ivo.id)).toEqual([]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const dora = await customer('Dora Doubtful');
    const first = futureWorkday(zone, 24, ['Friday']);
    const before = { bookings: bookingCount(), series: seriesCount() };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ repeat: { everyWeeks: 13, count: 3 } }, 'repeat.everyWeeks', REPEAT_WEEKS_MESSAGE],
      [{ repeat: { everyWeeks: 0, count: 3 } }, 'repeat.everyWeeks', REPEAT_WEEKS_MESSAGE],
      [{ repeat: { everyWeeks: 1, count: 27 } }, 'repeat.count', 'Repeat 2 to 26 times, the first included'],
      [{ repeat: { everyWeeks: 1, count: 1 } }, 'repeat.count', 'Repeat 2 to 26 times, the first included'],
      [{ repeat: { everyWeeks: 1 } }, 'repeat.count', REPEAT_END_MESSAGE],
      [{ repeat: { everyWeeks: 1, count: 3, until: addCalendarDays(first, 21) } }, 'repeat.count', REPEAT_END_MESSAGE],
      [
        { repeat: { everyWeeks: 2, until: addCalendarDays(first, 7 * 2 * 25 + 1) } },
        'repeat.until',
        `Repeat until ${addCalendarDays(first, 7 * 2 * 25)} at the latest: at most 26 times`,
      ],
      [
        { repeat: { everyWeeks: 2, until: addCalendarDays(first, 13) } },
        'repeat.until',
        `Repeat until ${addCalendarDays(first, 14)} or later: it must come at least twice`,
      ],
      [{ preview: true }, 'repeat', 'Say how the booking repeats'],
      [
        { repeat: { everyWeeks: 1, count: 3 }, occurrences: [{ bookingDate: addCalendarDays(first, 7) }] },
        'occurrences.0.timeSlot',
        OCCURRENCE_CHOICE_MESSAGE,
      ],
      [
        { repeat: { everyWeeks: 1, count: 3 }, occurrences: [{ bookingDate: addCalendarDays(first, 8), skip: true }] },
        'occurrences.0.bookingDate',
        `${addCalendarDays(first, 8)} is not a day of this series`,
      ],
    ];
    for (const [extra, path, message] of cases) {
      const answer = await dora.client.rest('POST', '/users/visits', form(dora, first, '10:00', extra));
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(answer.body.errors, JSON.stringify(extra)).toContainEqual({ path, message });
    }
    // A scope that is neither.
    const one = await dora.client.rest<Visit>('POST', '/users/visits', form(dora, first, '10:00'));
    expect(one.status).toBe(201);
    const wrongScope = await dora.client.rest('PATCH', `/users/visits/${one.body.data._id}/cancel`, { scope: 'all' });
    expect(wrongScope.status).toBe(400);
    expect(wrongScope.body.errors).toContainEqual({ path: 'scope', message: 'Scope is one or following' });
    expect({ bookings: bookingCount() - 1, series: seriesCount() }).toEqual(before);
  });
});
