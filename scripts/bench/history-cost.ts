// What recording a booking's history costs its creation (README "Who changed what"), in the same
// run as the booking load: on a copy of the bench's database, the bookings' own write (each booking row with
// its indexes and the report's triggers, committed in groups as the server's group commit does)
// with and without their history rows, in alternating pairs; the difference per booking against
// the time one booking takes the server under load (1 / its throughput).
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { staffActor } from '@/server/team/actor';
import { recordBookingChange } from '@/server/bookings/history';
import { insertBooking } from '@/server/bookings/records';
import { openDatabase } from '@/server/db/client';
import { services, specialists, users } from '@/server/db/schema';
import { newId } from '@/server/db/ids';
import { median } from './load';

export interface HistoryCost {
  /** Median time of one group of bookings written with their history rows, and without, per booking (ms). */
  withMs: number;
  withoutMs: number;
  /** What one booking takes the server under load (ms): 1000 / bookings a second. */
  bookingMs: number;
  /** Groups of `groupSize` bookings, each written both ways. */
  pairs: number;
  groupSize: number;
}

/** Far beyond any seeded day, a minute apart: never a taken time. */
const FAR = Date.parse('2031-01-01T00:00:00Z');

/**
 * Measured on a copy of `dbFile` (`VACUUM INTO`, beside it), so the running server's database is
 * neither written nor locked meanwhile; the copy goes afterwards.
 */
export function measureHistoryCost(
  dbFile: string,
  bookingsPerSecond: number,
  pairs: number,
  groupSize = 10,
): HistoryCost {
  const copyFile = join(dirname(dbFile), 'history-cost.db');
  rmSync(copyFile, { force: true });
  const source = openDatabase(dbFile);
  try {
    source.sqlite.prepare('VACUUM INTO ?').run(copyFile);
  } finally {
    source.close();
  }
  const database = openDatabase(copyFile);
  const { db } = database;
  const service = db.select({ id: services.id, name: services.name }).from(services).get();
  const specialist = db.select({ id: specialists.id, name: specialists.name }).from(specialists).get();
  const user = db.select({ id: users.id }).from(users).get();
  if (!service || !specialist || !user) throw new Error('the bench database has no service, specialist or customer');
  const actor = staffActor({ id: newId(), fullName: 'Bench Owner', role: 'owner' });
  let minute = 0;
  const group = (withHistory: boolean) =>
    db.transaction(
      (tx) => {
        for (let i = 0; i < groupSize; i++) {
          const startsAt = new Date(FAR + 60_000 * minute++);
          const id = newId();
          const place = {
            serviceName: service.name,
            specialistName: specialist.name,
            bookingDate: '2031-01-01',
            timeSlot: '10:00',
          };
          insertBooking(tx, {
            id,
            userId: user.id,
            serviceId: service.id,
            specialistId: specialist.id,
            firstName: 'Bench',
            lastName: 'History',
            email: '',
            phone: '',
            status: 'pending',
            ...place,
            servicePrice: 5000,
            price: 5000,
            discountPercentage: null,
            durationMinutes: 1,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 60_000),
            visitId: null,
            processingMinutes: 0,
          });
          if (withHistory) recordBookingChange(tx, actor, id, place, 'created', 'Wed 1 Jan 2031, 10:00');
        }
      },
      { behavior: 'immediate' },
    );
  const withTimes: number[] = [];
  const withoutTimes: number[] = [];
  try {
    for (let i = 0; i < pairs; i++) {
      // Alternating which goes first, so neither always follows the other's checkpoint.
      for (const withHistory of i % 2 === 0 ? [true, false] : [false, true]) {
        const t = performance.now();
        group(withHistory);
        (withHistory ? withTimes : withoutTimes).push((performance.now() - t) / groupSize);
      }
    }
  } finally {
    database.close();
    for (const file of [copyFile, `${copyFile}-wal`, `${copyFile}-shm`]) rmSync(file, { force: true });
  }
  return {
    withMs: median(withTimes),
    withoutMs: median(withoutTimes),
    bookingMs: 1000 / bookingsPerSecond,
    pairs,
    groupSize,
  };
}
