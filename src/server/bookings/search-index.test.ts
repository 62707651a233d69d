// The back office's counts by status and its search index are kept by triggers (migration 0004):
// whatever writes the bookings, the counts and the search agree with the table itself.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@/shared/constants';
import { bookings, users } from '@/server/db/schema';
import { bookingRow, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import { openDatabase } from '@/server/db/client';
import { addCalendarDays } from '@/server/domain/calendar';
import { listAdminBookings, REMEMBERED_MATCHES, REMEMBERED_SEARCHES } from './appointments-list';

describe('the counts and the search index of the appointments list', () => {
  let env: TestEnvironment;
  let userId: string;

  beforeAll(async () => {
    env = await createTestEnvironment({ seed: true });
    const { db } = env.database;
    userId = db.select({ id: users.id }).from(users).where(eq(users.email, 'noah@salon.test')).get()?.id ?? '';
    const day = futureWorkday(env.config.timezone, 10);
    const names = ['Ana "Quote" Lee', 'Bo 50%_off', 'Cy Émile', 'Di Stone'];
    db.insert(bookings)
      .values(
        names.map((name, i) =>
          bookingRow({
            userId,
            serviceId: idOfService(db, 'Classic Manicure'),
            specialistId: idOfSpecialist(db, 'Maya Chen'),
            firstName: name.split(' ')[0],
            lastName: name.split(' ').slice(1).join(' '),
            day,
            time: `1${i}:00`,
            timeZone: env.config.timezone,
            status: BOOKING_STATUSES[i % 4],
          }),
        ),
      )
      .run();
  });

  const grouped = () =>
    Object.fromEntries(
      BOOKING_STATUSES.map((status) => [
        status,
        env.database.db
          .select({ n: sql<number>`count(*)` })
          .from(bookings)
          .where(eq(bookings.status, status))
          .get()?.n ?? 0,
      ]),
    );
  const ids = (search: string) =>
    listAdminBookings(env.database.db, { search, page: 1, pageSize: null }).bookings.map((b) => b._id);
  /** The same search the slow way: every row read, as before the index (names here are ASCII but for É, searched in its own case: LIKE folds ASCII only). */
  const scanned = (search: string) => {
    const needle = search.toLowerCase();
    return listAdminBookings(env.database.db, { page: 1, pageSize: null })
      .bookings.filter(
        (b) =>
          `${b.firstName} ${b.lastName}`.toLowerCase().includes(needle) ||
          b.user.fullName.toLowerCase().includes(needle) ||
          b.service.name.toLowerCase().includes(needle),
      )
      .map((b) => b._id);
  };

  it('counts by status as the table does, after inserts, status changes and deletions', () => {
    const { db } = env.database;
    const page = () => listAdminBookings(db, { page: 1, pageSize: 20 }).counts;
    expect(page()).toMatchObject(grouped());
    const [first, second] = db.select({ id: bookings.id }).from(bookings).all();
    db.update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, first?.id ?? ''))
      .run();
    db.update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, first?.id ?? ''))
      .run();
    db.delete(bookings)
      .where(eq(bookings.id, second?.id ?? ''))
      .run();
    expect(page()).toMatchObject(grouped());
    expect(page().total).toBe(
      db
        .select({ n: sql<number>`count(*)` })
        .from(bookings)
        .get()?.n,
    );
    expect(listAdminBookings(db, { status: 'cancelled', page: 1, pageSize: 20 }).total).toBe(grouped().cancelled);
  });

  it('finds through the index exactly what reading every row finds, quotes and wildcards as letters', () => {
    for (const search of ['"quote"', '50%_', 'Émile', 'stone', 'noah reed', 'manicure', 'di', 'zzz-nothing', '%']) {
      expect(ids(search), search).toEqual(scanned(search));
    }
    expect(ids('50%_')).toHaveLength(1);
    expect(ids('5%f')).toHaveLength(0);
  });

  it('finds a name whatever its case, in any alphabet', () => {
    const [cy] = ids('Émile');
    expect(cy).toBeDefined();
    expect(ids('émile')).toEqual([cy]);
    expect(ids('ÉMILE')).toEqual([cy]);
  });

  // Remembered in the list's order (the default), and paged by statements every time (as a search
  // with more than REMEMBERED_MATCHES matches is).
  it.each([
    ['remembered', REMEMBERED_MATCHES],
    ['paged by its statements', 0],
  ])(
    'pages through more than a thousand matches as reading every row would, with the status and day filters (%s)',
    (_way, rememberUpTo) => {
      const { db } = env.database;
      const firstDay = futureWorkday(env.config.timezone, 40);
      const day = addCalendarDays(firstDay, 1);
      // 30 a day, a quarter of an hour apart, over 40 days from firstDay.
      const minutes = (i: number) => 8 * 60 + (i % 30) * 15;
      const many = Array.from({ length: 1_200 }, (_, i) =>
        bookingRow({
          userId,
          serviceId: idOfService(db, 'Classic Manicure'),
          specialistId: idOfSpecialist(db, 'Maya Chen'),
          lastName: `Multitude${String(i % 7)}`,
          day: addCalendarDays(firstDay, Math.floor(i / 30)),
          time: `${String(Math.floor(minutes(i) / 60)).padStart(2, '0')}:${String(minutes(i) % 60).padStart(2, '0')}`,
          timeZone: env.config.timezone,
          status: BOOKING_STATUSES[i % 5],
          // Booked in an order other than their ids', so the order is the list's own.
          createdAt: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 1_200) * 60_000),
        }),
      );
      db.insert(bookings).values(many).run();
      const everyRow = listAdminBookings(db, { page: 1, pageSize: null }).bookings;
      const expected = (filter: (b: (typeof everyRow)[number]) => boolean) =>
        everyRow.filter((b) => b.lastName.startsWith('Multitude') && filter(b)).map((b) => b._id);
      const page = (query: { status?: 'cancelled'; day?: string; page: number }) =>
        listAdminBookings(db, { search: 'multitude', pageSize: 25, ...query }, rememberUpTo);

      const all = expected(() => true);
      expect(all).toHaveLength(1_200);
      expect(page({ page: 1 }).total).toBe(1_200);
      expect(page({ page: 1 }).bookings.map((b) => b._id)).toEqual(all.slice(0, 25));
      expect(page({ page: 7 }).bookings.map((b) => b._id)).toEqual(all.slice(150, 175));
      // Past the first quarter of the matches, the page is found by looking them up instead.
      expect(page({ page: 40 }).bookings.map((b) => b._id)).toEqual(all.slice(975, 1_000));
      const cancelled = expected((b) => b.status === 'cancelled');
      expect(page({ status: 'cancelled', page: 2 }).total).toBe(cancelled.length);
      expect(page({ status: 'cancelled', page: 2 }).bookings.map((b) => b._id)).toEqual(cancelled.slice(25, 50));
      const onDay = expected((b) => b.bookingDate === day);
      expect(page({ day, page: 1 }).total).toBe(onDay.length);
      expect(page({ day, page: 1 }).bookings.map((b) => b._id)).toEqual(onDay.slice(0, 25));
      db.delete(bookings)
        .where(sql`${bookings.lastName} LIKE 'Multitude%'`)
        .run();
    },
  );

  it('answers a search asked again from memory, and shows what changed since at once, whoever wrote it', () => {
    const { db } = env.database;
    const search = (text: string, page = 1) => listAdminBookings(db, { search: text, page, pageSize: 2 });
    const row = (lastName: string, time: string) =>
      bookingRow({
        userId,
        serviceId: idOfService(db, 'Classic Manicure'),
        specialistId: idOfSpecialist(db, 'Maya Chen'),
        lastName,
        day: futureWorkday(env.config.timezone, 80),
        time,
        timeZone: env.config.timezone,
      });
    expect(search('Zephyrine').total).toBe(0);
    // Written on this connection: the next answer has it.
    db.insert(bookings)
      .values([row('Zephyrine', '10:00'), row('Zephyrine', '11:00'), row('Zephyrine', '12:00')])
      .run();
    expect(search('Zephyrine').total).toBe(3);
    const secondPage = search('Zephyrine', 2).bookings.map((b) => b._id);
    expect(secondPage).toHaveLength(1);
    // Asked again, unchanged, from memory: the same page.
    expect(search('Zephyrine', 2).bookings.map((b) => b._id)).toEqual(secondPage);
    // Renamed by another connection (a script, the mail thread): seen at the next answer.
    const other = openDatabase(env.config.databaseFile);
    try {
      other.db
        .update(bookings)
        .set({ lastName: 'Renamed' })
        .where(eq(bookings.id, secondPage[0] ?? ''))
        .run();
    } finally {
      other.close();
    }
    expect(search('Zephyrine').total).toBe(2);
    expect(search('Zephyrine', 2).bookings).toEqual([]);
    // A status changed here moves the booking between the filtered answers at once.
    const [first] = search('Zephyrine').bookings;
    const cancelled = () =>
      listAdminBookings(db, { search: 'Zephyrine', status: 'cancelled', page: 1, pageSize: 10 }).bookings;
    expect(cancelled()).toEqual([]);
    db.update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, first?._id ?? ''))
      .run();
    expect(cancelled().map((b) => b._id)).toEqual([first?._id]);
    // Searched inside a transaction that is then rolled back: what it saw is not remembered.
    expect(() =>
      db.transaction((tx) => {
        tx.insert(bookings).values(row('Zephyrine', '13:00')).run();
        expect(listAdminBookings(tx, { search: 'Zephyrine', page: 1, pageSize: 2 }).total).toBe(3);
        tx.rollback();
      }),
    ).toThrow();
    expect(search('Zephyrine').total).toBe(2);
    // More searches than a connection remembers, then the first again: still right.
    for (let i = 0; i <= REMEMBERED_SEARCHES; i++) search(`nothing-${String(i)}`);
    expect(search('Zephyrine').total).toBe(2);
    db.delete(bookings)
      .where(sql`${bookings.lastName} IN ('Zephyrine', 'Renamed')`)
      .run();
    expect(search('Zephyrine').total).toBe(0);
  });

  it('finds a customer by their account’s new name as soon as they rename it', () => {
    const { db } = env.database;
    const before = ids('noah reed').length;
    expect(before).toBeGreaterThan(0);
    db.update(users).set({ fullName: 'Noah Renamed' }).where(eq(users.id, userId)).run();
    expect(ids('noah renamed')).toEqual(scanned('noah renamed'));
    expect(ids('noah renamed').length).toBeGreaterThanOrEqual(before);
    expect(ids('noah reed')).toEqual(scanned('noah reed'));
  });

  it('reads a search of three letters or more through the trigram index', () => {
    const plan = (
      env.database.sqlite
        .prepare(
          `EXPLAIN QUERY PLAN SELECT b.id FROM bookings b WHERE b.rowid IN (SELECT rowid FROM bookings_search WHERE bookings_search MATCH '"stone"')`,
        )
        .all() as { detail: string }[]
    ).map((row) => row.detail);
    expect(plan.join(' | ')).toMatch(/VIRTUAL TABLE INDEX/);
    expect(plan.join(' | ')).toMatch(/INTEGER PRIMARY KEY/);
  });
});
