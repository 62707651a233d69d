// The salon's report for a period (README "Reports"): takings, bookings by status, per service and
// per specialist (with utilisation against their schedules), new and returning customers, the
// bookings made from the waitlist and after a nudge to rebook (sources.ts), and a row
// per day. The money and counts come from the per-day totals the triggers of migration 0007 keep,
// so a year reads a few thousand rows whatever the number of bookings; the arithmetic is
// domain/reports.ts.
import { and, between, count, eq, exists, gt, isNull, lt, sql } from 'drizzle-orm';
import { alias, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { REPORT_MAX_DAYS, type ReportPeriod, type SalonReport } from '@/shared/schemas/reports';
import type { DbOrTx } from '@/server/db/client';
import {
  bookings,
  bookingTotalsByService,
  bookingTotalsBySpecialist,
  closures,
  services,
  specialists,
  timeOff,
} from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { addCalendarDays, daysBetween, todayIn } from '@/server/domain/calendar';
import {
  cancellationRate,
  figuresOf,
  fromCents,
  instantsIn,
  scheduleDays,
  scheduledMinutes,
  utilisation,
  type StatusTotals,
} from '@/server/domain/reports';
import type { Interval } from '@/server/domain/slots';
import type { Config } from '@/server/env';
import { weeklySchedulesOf } from '@/server/bookings/free-slots';
import { bookingsBySource } from './sources';
import { tillFigures, tillTotals, unassignedTakings } from './till';

interface KeyedTotals extends StatusTotals {
  key: string;
}

interface Named {
  id: string;
  name: string;
  live: boolean;
}

const p = (name: string) => sql.placeholder(name);

/** A booking that holds time: any but a cancelled one (a constant in the SQL, not a bound value). */
const holdsTime = (status: SQLiteColumn) => sql`${status} <> 'cancelled'`;

const statementsOf = preparedOnce((db) => {
  const totals = (table: typeof bookingTotalsByService | typeof bookingTotalsBySpecialist, key: SQLiteColumn) =>
    db
      .select({
        key: sql<string>`${key}`,
        status: table.status,
        bookings: sql<number>`sum(${table.bookings})`,
        cents: sql<number>`sum(${table.cents})`,
        minutes: sql<number>`sum(${table.minutes})`,
      })
      .from(table)
      .where(between(table.day, p('from'), p('to')))
      .groupBy(key, table.status)
      .prepare();
  // Customers with a booking that holds time in the period, and of those, who had one before it
  // (read through the `(user_id, starts_at)` index).
  const period = db
    .selectDistinct({ userId: bookings.userId })
    .from(bookings)
    .where(and(between(bookings.bookingDate, p('from'), p('to')), holdsTime(bookings.status)))
    .as('period');
  const earlier = alias(bookings, 'earlier');
  const hadEarlier = db
    .select({ one: sql`1` })
    .from(earlier)
    .where(and(eq(earlier.userId, period.userId), lt(earlier.startsAt, p('before')), holdsTime(earlier.status)));
  const live = (table: typeof services | typeof specialists) => isNull(table.deletedAt).mapWith(Boolean);
  return {
    byService: totals(bookingTotalsByService, bookingTotalsByService.serviceId),
    bySpecialist: totals(bookingTotalsBySpecialist, bookingTotalsBySpecialist.specialistId),
    byDay: totals(bookingTotalsBySpecialist, bookingTotalsBySpecialist.day),
    services: db
      .select({ id: services.id, name: services.name, live: live(services) })
      .from(services)
      .prepare(),
    specialists: db
      .select({
        id: specialists.id,
        name: specialists.name,
        live: live(specialists),
        availableFrom: specialists.availableFrom,
        availableTo: specialists.availableTo,
      })
      .from(specialists)
      .prepare(),
    closedDays: db
      .select({ day: closures.day })
      .from(closures)
      .where(between(closures.day, p('from'), p('to')))
      .prepare(),
    timeOff: db
      .select({ specialistId: timeOff.specialistId, startsAt: timeOff.startsAt, endsAt: timeOff.endsAt })
      .from(timeOff)
      .where(and(gt(timeOff.endsAt, p('from')), lt(timeOff.startsAt, p('to'))))
      .prepare(),
    customers: db
      .select({ active: count(), earlier: sql<number>`coalesce(sum(${exists(hadEarlier)}), 0)` })
      .from(period)
      .prepare(),
  };
});

/** Totals grouped by their key. */
function grouped(rows: readonly KeyedTotals[]): Map<string, KeyedTotals[]> {
  const groups = new Map<string, KeyedTotals[]>();
  for (const row of rows) groups.set(row.key, [...(groups.get(row.key) ?? []), row]);
  return groups;
}

/** Rows with bookings in the period or still live, by name. */
function shown<T extends Named>(rows: readonly T[], withBookings: ReadonlyMap<string, unknown>): T[] {
  return rows
    .filter((row) => row.live || withBookings.has(row.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

export function salonReport(db: DbOrTx, config: Pick<Config, 'timezone'>, period: ReportPeriod): SalonReport {
  const { from, to } = period;
  const statements = statementsOf(db);
  const instantOf = instantsIn(config.timezone);
  const days = daysBetween(from, to, REPORT_MAX_DAYS);
  const periodStart = instantOf(from, '00:00');
  const periodEnd = instantOf(addCalendarDays(to, 1), '00:00');

  const byService = grouped(statements.byService.all({ from, to }));
  const bySpecialist = grouped(statements.bySpecialist.all({ from, to }));
  const byDay = grouped(statements.byDay.all({ from, to }));
  const whole = figuresOf([...bySpecialist.values()].flat());
  // Takings are what was paid where a sale closed the booking, and the till's own lines (./till.ts):
  // in the totals already, but for what was sold without a specialist.
  const till = tillTotals(db, { from, to });
  const unassigned = unassignedTakings(db, { from, to }, till);

  const workDays = scheduleDays(days, new Set(statements.closedDays.all({ from, to }).map((row) => row.day)));
  const timeOffOf = new Map<string, Interval[]>();
  for (const { specialistId, startsAt, endsAt } of statements.timeOff.all({ from: periodStart, to: periodEnd })) {
    timeOffOf.set(specialistId, [...(timeOffOf.get(specialistId) ?? []), { startsAt, endsAt }]);
  }
  const specialists = shown(statements.specialists.all(), bySpecialist);
  const schedules = weeklySchedulesOf(db, specialists);

  const customers = statements.customers.get({ from, to, before: periodStart }) ?? { active: 0, earlier: 0 };

  return {
    from,
    to,
    takings: fromCents(whole.takingsCents + unassigned.whole),
    bookedAhead: fromCents(whole.aheadCents),
    bookings: whole.count,
    cancellationRate: cancellationRate(whole.byStatus),
    byStatus: whole.byStatus,
    byService: shown(statements.services.all(), byService).map((service) => {
      const figures = figuresOf(byService.get(service.id) ?? []);
      return {
        service: { _id: service.id, name: service.name },
        count: figures.count,
        takings: fromCents(figures.takingsCents),
      };
    }),
    bySpecialist: specialists.map((specialist) => {
      const figures = figuresOf(bySpecialist.get(specialist.id) ?? []);
      const schedule = schedules.get(specialist.id);
      // A specialist who has left has no schedule ahead of them; their past one is not kept.
      const scheduled =
        schedule && specialist.live
          ? scheduledMinutes(schedule, workDays, timeOffOf.get(specialist.id) ?? [], instantOf)
          : 0;
      return {
        specialist: { _id: specialist.id, name: specialist.name },
        count: figures.count,
        takings: fromCents(figures.takingsCents),
        utilisation: utilisation(figures.minutes, scheduled),
        bookedMinutes: figures.minutes,
        scheduledMinutes: scheduled,
      };
    }),
    customers: { new: customers.active - customers.earlier, returning: customers.earlier },
    ...bookingsBySource(db, from, to),
    perDay: days.map((date) => {
      const figures = figuresOf(byDay.get(date) ?? []);
      return { date, count: figures.count, takings: fromCents(figures.takingsCents + (unassigned.day.get(date) ?? 0)) };
    }),
    ...tillFigures(db, till, todayIn(config.timezone)),
  };
}
