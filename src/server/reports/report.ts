// The salon's report for a period (issue 19): takings, bookings by status, per service and per
// specialist (with utilisation against their schedules), new and returning customers, and a row
// per day. The money and counts come from the per-day totals the triggers of migration 0007 keep,
// so a year reads a few thousand rows whatever the number of bookings; the arithmetic is
// domain/reports.ts.
import { REPORT_MAX_DAYS, type ReportPeriod, type SalonReport } from '@/shared/schemas/reports';
import type { DbOrTx } from '@/server/db/client';
import { connectionOf, preparedOnce } from '@/server/db/statements';
import { addCalendarDays, daysBetween } from '@/server/domain/calendar';
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

interface KeyedTotals extends StatusTotals {
  key: string;
}

interface Named {
  id: string;
  name: string;
  live: number;
}

interface SpecialistRow extends Named {
  availableFrom: string;
  availableTo: string;
}

const statementsOf = preparedOnce((db) => {
  const connection = connectionOf(db);
  const totals = (table: string, key: string) =>
    connection.prepare<{ from: string; to: string }, KeyedTotals>(`
      SELECT ${key} AS key, status, sum(bookings) AS bookings, sum(cents) AS cents, sum(minutes) AS minutes
      FROM ${table} WHERE day BETWEEN :from AND :to GROUP BY ${key}, status`);
  return {
    byService: totals('booking_totals_by_service', 'service_id'),
    bySpecialist: totals('booking_totals_by_specialist', 'specialist_id'),
    byDay: totals('booking_totals_by_specialist', 'day'),
    services: connection.prepare<[], Named>(`SELECT id, name, deleted_at IS NULL AS live FROM services`),
    specialists: connection.prepare<[], SpecialistRow>(
      `SELECT id, name, deleted_at IS NULL AS live, available_from AS availableFrom, available_to AS availableTo FROM specialists`,
    ),
    closedDays: connection.prepare<{ from: string; to: string }, string>(`SELECT day FROM closures WHERE day BETWEEN :from AND :to`).pluck(),
    timeOff: connection.prepare<{ from: number; to: number }, { specialistId: string; startsAt: number; endsAt: number }>(
      `SELECT specialist_id AS specialistId, starts_at AS startsAt, ends_at AS endsAt FROM time_off WHERE ends_at > :from AND starts_at < :to`,
    ),
    // Customers with a booking that holds time in the period, and of those, who had one before it
    // (read through the `(user_id, starts_at)` index).
    customers: connection.prepare<{ from: string; to: string; before: number }, { active: number; earlier: number }>(`
      SELECT count(*) AS active, coalesce(sum(EXISTS (
          SELECT 1 FROM bookings earlier WHERE earlier.user_id = period.user_id AND earlier.starts_at < :before AND earlier.status <> 'cancelled')), 0) AS earlier
      FROM (SELECT DISTINCT user_id FROM bookings WHERE booking_date BETWEEN :from AND :to AND status <> 'cancelled') period`),
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

  const workDays = scheduleDays(days, new Set(statements.closedDays.all({ from, to })));
  const timeOff = new Map<string, Interval[]>();
  for (const row of statements.timeOff.all({ from: periodStart, to: periodEnd })) {
    const interval = { startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) };
    timeOff.set(row.specialistId, [...(timeOff.get(row.specialistId) ?? []), interval]);
  }
  const specialists = shown(statements.specialists.all(), bySpecialist);
  const schedules = weeklySchedulesOf(db, specialists);

  const customers = statements.customers.get({ from, to, before: periodStart }) ?? { active: 0, earlier: 0 };

  return {
    from,
    to,
    takings: fromCents(whole.takingsCents),
    bookedAhead: fromCents(whole.aheadCents),
    bookings: whole.count,
    cancellationRate: cancellationRate(whole.byStatus),
    byStatus: whole.byStatus,
    byService: shown(statements.services.all(), byService).map((service) => {
      const figures = figuresOf(byService.get(service.id) ?? []);
      return { service: { _id: service.id, name: service.name }, count: figures.count, takings: fromCents(figures.takingsCents) };
    }),
    bySpecialist: specialists.map((specialist) => {
      const figures = figuresOf(bySpecialist.get(specialist.id) ?? []);
      const schedule = schedules.get(specialist.id);
      // A specialist who has left has no schedule ahead of them; their past one is not kept.
      const scheduled = schedule && specialist.live ? scheduledMinutes(schedule, workDays, timeOff.get(specialist.id) ?? [], instantOf) : 0;
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
    perDay: days.map((date) => {
      const figures = figuresOf(byDay.get(date) ?? []);
      return { date, count: figures.count, takings: fromCents(figures.takingsCents) };
    }),
  };
}
