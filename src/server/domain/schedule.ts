// When a specialist works on a salon day: their weekly hours (with breaks), the spec's single range
// for the days without hours of their own, and the salon's closed days. Pure, no I/O.
import type { TimeRange } from '@/shared/schemas/schedules';
import { weekdayOfDay } from '@/shared/constants';
import type { Weekday } from '@/shared/constants';
import { format, parseISO } from 'date-fns';

export type { TimeRange };

/** The weekday name of a calendar day (days are zone-free: read on its UTC midnight). */
export function weekdayOf(day: string): Weekday {
  return weekdayOfDay(day) ?? (format(parseISO(day), 'EEEE') as Weekday);
}

export interface WeeklySchedule {
  /** The spec's `availableFrom`/`availableTo`/`availableDays`: the hours of a listed weekday without hours of its own. */
  fallback: { from: string; to: string; days: readonly Weekday[] };
  /** Weekdays with hours of their own, in order; `[]` is a day off. */
  week: Partial<Record<Weekday, readonly TimeRange[]>>;
}

/**
 * The working ranges of one salon day (`YYYY-MM-DD`), earliest first: none on a closed day, the
 * weekday's own hours when it has them, else the spec's range on the spec's days.
 */
export function workingRanges(schedule: WeeklySchedule, day: string, closed = false): readonly TimeRange[] {
  if (closed) return [];
  return weekdayRanges(schedule, weekdayOf(day));
}

/** The working ranges of a weekday: its own hours when it has them, else the spec's range on the spec's days. */
export function weekdayRanges(schedule: WeeklySchedule, weekday: Weekday): readonly TimeRange[] {
  const own = schedule.week[weekday];
  if (own !== undefined) return own;
  if (!schedule.fallback.days.includes(weekday)) return [];
  return [{ from: schedule.fallback.from, to: schedule.fallback.to }];
}

/** The schedule as the API shows it: every weekday, its ranges, and whether they are its own. */
export function weekOf(
  schedule: WeeklySchedule,
  weekdays: readonly Weekday[],
): { day: Weekday; ranges: TimeRange[]; own: boolean }[] {
  return weekdays.map((day) => {
    const own = schedule.week[day];
    if (own !== undefined) return { day, ranges: [...own], own: true };
    const works = schedule.fallback.days.includes(day);
    return { day, ranges: works ? [{ from: schedule.fallback.from, to: schedule.fallback.to }] : [], own: false };
  });
}
