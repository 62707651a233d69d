// Private calendar feeds over HTTP: a specialist's address (My day) and the salon's (the owner's)
// answer an iCalendar document that calendar apps subscribe to, read here with ical.js as they
// would read it: the bookings from 30 days back to 60 ahead, one event per visit item, titled with
// the service and the customer's first name and nothing more, the same UID after a move with a
// higher SEQUENCE; a new address stops the old one. Real HTTP, a real SQLite file.
import { and, eq, gte, isNull, lt, ne } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '@/shared/schemas/bookings';
import type { CalendarFeed } from '@/shared/schemas/calendar-feeds';
import type { Visit } from '@/shared/schemas/visits';
import { hashPassword } from '@/server/auth/passwords';
import { newId } from '@/server/db/ids';
import { admins, bookings, specialists } from '@/server/db/schema';
import { addCalendarDays, instantAt, todayIn } from '@/server/domain/calendar';
import { DEMO_RECEPTION, DEMO_SPECIALIST } from '@/server/setup/seed';
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
import { withoutFeedToken } from './calendar-feed-route';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from './calendar-feeds';

const DAY = 24 * 60 * 60_000;

interface FeedEvent {
  uid: string;
  summary: string;
  start: number;
  end: number;
  sequence: number;
  status: string;
}

interface ParsedFeed {
  name: string;
  timeZone: string;
  events: FeedEvent[];
}

/** The feed as a calendar app reads it. */
function parseFeed(text: string): ParsedFeed {
  // One VCALENDAR gives one jCal array (ical.js types it `any`).
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    timeZone: String(calendar.getFirstPropertyValue('x-wr-timezone')),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toJSDate().getTime(),
        end: event.endDate.toJSDate().getTime(),
        sequence: event.sequence,
        status: String(component.getFirstPropertyValue('status')),
      };
    }),
  };
}

/** The path of a feed's absolute address, for `app.inject`. */
const pathOf = (url: string): string => new URL(url).pathname;

describe('private calendar feeds', () => {
  const salon = useTestApp({ admin: true });
  const db = () => salon.db;
  const zone = () => salon.config.timezone;

  let maya: TestClient;
  let leila: TestClient;
  let reception: TestClient;
  let mayaId: string;
  let customer: TestCustomer;
  /** Maya's bookings written for these tests, by what they show. */
  const planted: Record<'past' | 'ahead' | 'tooOld' | 'tooFar' | 'cancelled' | 'othersBooking', string> = {
    past: '',
    ahead: '',
    tooOld: '',
    tooFar: '',
    cancelled: '',
    othersBooking: '',
  };
  let visit: Visit;
  let single: Booking;
  const NOTES = 'Allergic to latex; prefers the window seat';

  async function signIn(email: string, password: string): Promise<TestClient> {
    const client = new TestClient(salon.app);
    const login = await client.rest('POST', '/admin/login', { email, password });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return client;
  }

  const get = (path: string) => salon.app.inject({ method: 'GET', url: path });

  /** What a feed address answers now, parsed. */
  async function feedAt(url: string): Promise<ParsedFeed> {
    const answer = await get(pathOf(url));
    expect(answer.statusCode, answer.body).toBe(200);
    return parseFeed(answer.body);
  }

  /** The bookings the feed of `specialistId` (undefined: the salon's) should hold now: the oracle. */
  function bookingsInWindow(specialistId?: string): string[] {
    const now = Date.now();
    return db()
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          specialistId === undefined ? undefined : eq(bookings.specialistId, specialistId),
          ne(bookings.status, 'cancelled'),
          gte(bookings.startsAt, new Date(now - FEED_DAYS_BACK * DAY)),
          lt(bookings.startsAt, new Date(now + FEED_DAYS_AHEAD * DAY)),
        ),
      )
      .all()
      .map((row) => `${row.id}@salon`)
      .sort();
  }

  beforeAll(async () => {
    mayaId = idOfSpecialist(db(), 'Maya Chen');
    db()
      .insert(admins)
      .values({
        id: newId(),
        fullName: 'Maya Chen',
        email: 'maya@staff.test',
        passwordHash: await hashPassword('maya-password-1'),
        role: 'specialist',
        specialistId: mayaId,
      })
      .run();
    maya = await signIn('maya@staff.test', 'maya-password-1');
    leila = await signIn(DEMO_SPECIALIST.email, DEMO_SPECIALIST.password);
    reception = await signIn(DEMO_RECEPTION.email, DEMO_RECEPTION.password);

    // A visit of two services with Maya, and a booking of one, both made by the salon.
    const visitDay = futureWorkday(zone(), 5);
    const booked = await salon.admin.rest<Visit>('POST', '/admin/visits', {
      firstName: 'Philippa',
      lastName: 'Phoneworthy',
      phone: '9000022222',
      email: 'philippa.private@example.test',
      bookingDate: visitDay,
      timeSlot: '16:00',
      items: [
        { service: 'Classic Manicure', specialist: 'Maya Chen' },
        { service: 'Gel Pedicure', specialist: 'Maya Chen' },
      ],
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    visit = booked.body.data;
    const visitCustomer = db()
      .select({ userId: bookings.userId })
      .from(bookings)
      .where(eq(bookings.id, visit.items[0]?._id ?? ''))
      .get();
    const notes = await salon.admin.rest('PATCH', `/admin/customers/${visitCustomer?.userId ?? ''}`, {
      notes: NOTES,
    });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    const one = await salon.admin.rest<Booking>('POST', '/admin/bookings', {
      firstName: 'Olive',
      lastName: 'Onlyone',
      phone: '9000033333',
      email: 'olive.private@example.test',
      bookingDate: futureWorkday(zone(), 8),
      timeSlot: '11:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    single = one.body.data;

    // The window's edges, a cancelled booking and another specialist's, written straight in.
    customer = await createCustomer(salon.app, db(), 'Edgar Edges');
    const today = todayIn(zone());
    const row = (day: string, extra: Partial<Parameters<typeof bookingRow>[0]> = {}) => {
      const values = bookingRow({
        userId: customer.id,
        serviceId: idOfService(db(), 'Classic Manicure'),
        specialistId: mayaId,
        day,
        time: '10:15',
        timeZone: zone(),
        firstName: 'Edgar',
        lastName: 'Edges',
        status: 'confirmed',
        ...extra,
      });
      db().insert(bookings).values(values).run();
      return values.id;
    };
    planted.past = row(addCalendarDays(today, -(FEED_DAYS_BACK - 1)), { status: 'completed' });
    planted.tooOld = row(addCalendarDays(today, -(FEED_DAYS_BACK + 1)), { status: 'completed' });
    planted.ahead = row(addCalendarDays(today, FEED_DAYS_AHEAD - 1), { status: 'pending' });
    planted.tooFar = row(addCalendarDays(today, FEED_DAYS_AHEAD + 1));
    planted.cancelled = row(addCalendarDays(today, 3), { status: 'cancelled', time: '10:45' });
    planted.othersBooking = row(addCalendarDays(today, 4), {
      specialistId: idOfSpecialist(db(), 'Anna Petrova'),
      serviceName: 'Gel Pedicure',
    });
    // bookingRow names Maya as the specialist whoever it is.
    db().update(bookings).set({ specialistName: 'Anna Petrova' }).where(eq(bookings.id, planted.othersBooking)).run();
  });

  const mine = async (client: TestClient = maya) => {
    const answer = await client.rest<CalendarFeed>('GET', '/admin/calendar-feeds/mine');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };

  it('gives a specialist a private address of their own, the same each time', async () => {
    const feed = await mine();
    expect(feed).toMatchObject({ scope: mayaId, specialistId: mayaId, name: 'Maya Chen' });
    expect(feed.url).toMatch(new RegExp(`^${salon.config.publicUrl}/calendar/[a-z2-7]{32,}\\.ics$`));
    expect((await mine()).url).toBe(feed.url);
    // Another specialist's address is another.
    expect((await mine(leila)).url).not.toBe(feed.url);
  });

  it("answers an iCalendar document of the specialist's bookings from 30 days back to 60 ahead, none cancelled, one event per visit item", async () => {
    const { url } = await mine();
    const answer = await get(pathOf(url));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // CRLF line ends only, as RFC 5545 wants.
    expect(answer.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(answer.body.endsWith('END:VCALENDAR\r\n')).toBe(true);

    const feed = parseFeed(answer.body);
    expect(feed.timeZone).toBe(zone());
    expect(feed.name).toContain('Maya Chen');
    const uids = feed.events.map((event) => event.uid).sort();
    expect(uids).toEqual(bookingsInWindow(mayaId));
    expect(new Set(uids).size).toBe(uids.length);

    const uid = (id: string) => `${id}@salon`;
    // Each item of the visit is an event of its own, titled with its service and the first name.
    const items = visit.items.map((item) => feed.events.find((event) => event.uid === uid(item._id)));
    expect(items.map((event) => event?.summary)).toEqual(['Classic Manicure – Philippa', 'Gel Pedicure – Philippa']);
    expect(items[0]?.start).toBe(instantAt(visit.bookingDate, visit.items[0]?.timeSlot ?? '', zone()).getTime());
    expect(uids).toContain(uid(single._id));
    expect(uids).toContain(uid(planted.past));
    expect(uids).toContain(uid(planted.ahead));
    for (const outside of [planted.tooOld, planted.tooFar, planted.cancelled, planted.othersBooking]) {
      expect(uids).not.toContain(uid(outside));
    }
    // Not yet confirmed: tentative; the rest confirmed.
    expect(feed.events.find((event) => event.uid === uid(planted.ahead))?.status).toBe('TENTATIVE');
    expect(feed.events.find((event) => event.uid === uid(planted.past))?.status).toBe('CONFIRMED');
    // The event lasts the service.
    const manicure = feed.events.find((event) => event.uid === uid(single._id));
    expect(manicure && (manicure.end - manicure.start) / 60_000).toBe(single.service.duration);

    // No phone, e-mail, last name or the salon's notes anywhere in the document.
    for (const secret of [
      'philippa.private@example.test',
      '9000022222',
      'Phoneworthy',
      'olive.private@example.test',
      '9000033333',
      'Onlyone',
      'row@example.test',
      '9000000000',
      customer.email,
      customer.phone,
      'Allergic',
    ]) {
      expect(answer.body).not.toContain(secret);
    }
  });

  it('keeps the UID of a moved booking, with a higher SEQUENCE and the new times', async () => {
    const { url } = await mine();
    const uid = `${single._id}@salon`;
    const before = (await feedAt(url)).events.find((event) => event.uid === uid);
    expect(before).toBeDefined();

    const moved = await salon.admin.rest('PATCH', `/admin/bookings/${single._id}`, { timeSlot: '13:00' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    const after = (await feedAt(url)).events.find((event) => event.uid === uid);
    expect(after).toBeDefined();
    expect(after?.sequence).toBeGreaterThan(before?.sequence ?? Infinity);
    expect(after?.start).toBe((before?.start ?? 0) + 2 * 60 * 60_000);
    expect(after?.end).toBe((before?.end ?? 0) + 2 * 60 * 60_000);
  });

  it('makes a new address on request: the old one answers 404 from then on, the new one the feed', async () => {
    const old = await mine();
    const renewed = await maya.rest<CalendarFeed>('POST', '/admin/calendar-feeds/regenerate', { specialistId: mayaId });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.data).toMatchObject({ scope: mayaId, specialistId: mayaId, name: 'Maya Chen' });
    expect(renewed.body.data.url).not.toBe(old.url);
    expect((await mine()).url).toBe(renewed.body.data.url);

    const gone = await get(pathOf(old.url));
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^text\/plain/);
    expect((await feedAt(renewed.body.data.url)).events.length).toBeGreaterThan(0);
  });

  it('answers 404 to an address nobody was given', async () => {
    for (const path of ['/calendar/not-a-real-token.ics', `/calendar/${'a'.repeat(32)}.ics`, '/calendar/.ics']) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.body, path).not.toContain('BEGIN:VCALENDAR');
    }
  });

  it('keeps feed tokens out of the request log', () => {
    expect(withoutFeedToken('/calendar/af7bpyu67vvbm2ixa2opv6mh64yur64c.ics?x=1')).toBe('/calendar/<token>.ics?x=1');
    expect(withoutFeedToken('/api/v1/admin/calendar-feeds')).toBe('/api/v1/admin/calendar-feeds');
  });

  it('refuses a specialist a new address for another specialist’s feed or the salon’s (403), changing nothing', async () => {
    const mayasUrl = (await mine()).url;
    for (const specialistId of [mayaId, null]) {
      const refused = await leila.rest('POST', '/admin/calendar-feeds/regenerate', { specialistId });
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    }
    expect((await mine()).url).toBe(mayasUrl);
    expect((await get(pathOf(mayasUrl))).statusCode).toBe(200);
  });

  it('shows the owner the salon’s feed and every specialist’s, and refuses the list to reception (403)', async () => {
    expect((await reception.rest('GET', '/admin/calendar-feeds')).status).toBe(403);
    expect((await maya.rest('GET', '/admin/calendar-feeds')).status).toBe(403);

    const listed = await salon.admin.rest<CalendarFeed[]>('GET', '/admin/calendar-feeds');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const feeds = listed.body.data;
    const liveSpecialists = db()
      .select({ id: specialists.id })
      .from(specialists)
      .where(isNull(specialists.deletedAt))
      .all();
    expect(feeds[0]).toMatchObject({ scope: 'salon', specialistId: null });
    expect(
      feeds
        .slice(1)
        .map((feed) => feed.specialistId)
        .sort(),
    ).toEqual(liveSpecialists.map((s) => s.id).sort());
    // The owner sees the same address the specialist does.
    expect(feeds.find((feed) => feed.specialistId === mayaId)?.url).toBe((await mine()).url);

    // The salon's feed holds every specialist's bookings, each titled with its specialist.
    const salonFeed = await feedAt(feeds[0]?.url ?? '');
    expect(salonFeed.events.map((event) => event.uid).sort()).toEqual(bookingsInWindow());
    const others = salonFeed.events.find((event) => event.uid === `${planted.othersBooking}@salon`);
    expect(others?.summary).toBe('Gel Pedicure – Edgar (Anna Petrova)');

    // The owner renews the salon's address too; a specialist cannot read the salon's.
    const renewed = await salon.admin.rest<CalendarFeed>('POST', '/admin/calendar-feeds/regenerate', {
      specialistId: null,
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect((await get(pathOf(feeds[0]?.url ?? ''))).statusCode).toBe(404);
    expect((await get(pathOf(renewed.body.data.url))).statusCode).toBe(200);
  });

  it('stops a removed specialist’s feed', async () => {
    const id = newId();
    db()
      .insert(specialists)
      .values({
        id,
        name: 'Rhea Removed',
        phone: '9000044444',
        email: 'rhea@salon.test',
        availableFrom: '09:00',
        availableTo: '17:00',
        imageUrl: '/uploads/rhea.jpg',
      })
      .run();
    const listed = await salon.admin.rest<CalendarFeed[]>('GET', '/admin/calendar-feeds');
    const url = listed.body.data.find((feed) => feed.specialistId === id)?.url ?? '';
    expect((await get(pathOf(url))).statusCode).toBe(200);
    db().update(specialists).set({ deletedAt: new Date() }).where(eq(specialists.id, id)).run();
    expect((await get(pathOf(url))).statusCode).toBe(404);
    const after = await salon.admin.rest<CalendarFeed[]>('GET', '/admin/calendar-feeds');
    expect(after.body.data.map((feed) => feed.specialistId)).not.toContain(id);
  });
});
