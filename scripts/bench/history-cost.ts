// What recording a booking's history costs its creation (README "Who changed what"): the same
// committed write with and without the history row, in alternating pairs on the bench's database,
// against the time one booking takes the server under load (1 / its throughput), in the same run.
import { eq, sql } from 'drizzle-orm';
import { staffActor } from '@/server/team/actor';
import { recordBookingChange } from '@/server/bookings/history';
import { openDatabase, type DbOrTx } from '@/server/db/client';
import { activity, salonSettings } from '@/server/db/schema';
import { newId } from '@/server/db/ids';

export interface HistoryCost {
  /** Median time of a committed write with the history row, and without (ms). */
  withMs: number;
  withoutMs: number;
  /** What one booking takes the server under load (ms): 1000 / bookings a second. */
  bookingMs: number;
  pairs: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export function measureHistoryCost(dbFile: string, bookingsPerSecond: number, pairs: number): HistoryCost {
  const database = openDatabase(dbFile);
  const { db } = database;
  const actor = staffActor({ id: newId(), fullName: 'Bench Owner', role: 'owner' });
  const place = {
    serviceName: 'Bench Cut',
    specialistName: 'Bench Stylist',
    bookingDate: '2026-12-01',
    timeSlot: '10:00',
  };
  // Every write commits a real page (the one settings row), as a booking does; one of each pair adds the history row.
  const touch = (tx: DbOrTx) =>
    tx
      .update(salonSettings)
      .set({ updatedAt: sql`${Date.now()}` })
      .where(eq(salonSettings.id, 1))
      .run();
  db.insert(salonSettings).values({ id: 1 }).onConflictDoNothing().run();
  const withTimes: number[] = [];
  const withoutTimes: number[] = [];
  const ids: string[] = [];
  try {
    for (let i = 0; i < pairs; i++) {
      const id = newId();
      ids.push(id);
      let t = performance.now();
      db.transaction(
        (tx) => {
          touch(tx);
          recordBookingChange(tx, actor, id, place, 'created', 'Tue 1 Dec 2026, 10:00');
        },
        { behavior: 'immediate' },
      );
      withTimes.push(performance.now() - t);
      t = performance.now();
      db.transaction((tx) => touch(tx), { behavior: 'immediate' });
      withoutTimes.push(performance.now() - t);
    }
    db.delete(activity).where(eq(activity.entityLabel, 'Bench Cut with Bench Stylist')).run();
  } finally {
    database.close();
  }
  return {
    withMs: median(withTimes),
    withoutMs: median(withoutTimes),
    bookingMs: 1000 / bookingsPerSecond,
    pairs,
  };
}
