import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '@/server/db/schema';
import { instantAt } from '@/server/domain/calendar';
import { useTestApp } from '@/server/test/app';
import { bookingRow, createCustomer, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import type { TestEnvironment } from '@/server/test/test-db';
import type { SalonToday } from '@/shared/schemas/today';
import { salonToday } from './today';

describe('the dashboard’s today', () => {
  let env: TestEnvironment;
  const salon = useTestApp({ admin: true });
  let day: string;
  let zone: string;

  beforeAll(async () => {
    env = salon.env;
    const { db } = env.database;
    zone = env.config.timezone;
    day = futureWorkday(zone, 80);
    const customer = await createCustomer(salon.app, db, 'Tia Today');
    const serviceId = idOfService(db, 'Classic Manicure');
    const specialistId = idOfSpecialist(db, 'Maya Chen');
    const row = (time: string, status: 'pending' | 'confirmed' | 'completed' | 'no-show' | 'cancelled', price = 25) =>
      bookingRow({ userId: customer.id, serviceId, specialistId, day, time, timeZone: zone, status, price });
    for (const booking of [
      row('09:00', 'completed', 40.1),
      row('10:00', 'completed', 25.25),
      row('11:00', 'no-show'),
      row('11:30', 'cancelled', 99),
      row('13:00', 'pending'),
      row('14:00', 'confirmed'),
      row('15:00', 'pending'),
      // A visit of three services, waiting to be confirmed as a whole.
      ...['16:00', '16:45', '17:30'].map((time) => ({ ...row(time, 'pending'), visitId: 'visit-of-tia' })),
    ])
      db.insert(bookings).values(booking).run();
  });

  it('sums the day up at noon, lists the next open bookings and those to confirm, soonest first', () => {
    const today = salonToday(env.database.db, zone, instantAt(day, '12:00', zone));
    expect(today).toMatchObject({
      day,
      now: '12:00',
      bookings: 9,
      visits: 7,
      completed: 2,
      noShows: 1,
      ahead: 6,
      takings: 65.35,
      pendingTotal: 3,
    });
    expect(today.next.map((booking) => [booking.timeSlot, booking.status])).toEqual([
      ['13:00', 'pending'],
      ['14:00', 'confirmed'],
      ['15:00', 'pending'],
      ['16:00', 'pending'],
      ['16:45', 'pending'],
    ]);
    // The visit once, by its first item.
    expect(today.pending.map((booking) => [booking.timeSlot, booking.visitId])).toEqual([
      ['13:00', null],
      ['15:00', null],
      ['16:00', 'visit-of-tia'],
    ]);
  });

  it('answers the owner over /trpc with today’s date', async () => {
    const answer = await salon.admin.trpc<SalonToday>('query', 'admin.today');
    expect(answer.data?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer.data?.next.length).toBeLessThanOrEqual(5);
  });
});
