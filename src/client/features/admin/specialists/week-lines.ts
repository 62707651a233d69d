// A specialist's week as the specialists screen lists it. The days are grouped as the salon's
// opening hours are (shared/opening-hours.ts), the times written as everywhere in the back office.
import { formatDayRun, openingGroups, type OpeningDayLike } from '@/shared/opening-hours';
import { formatRanges } from '@/client/features/admin/shared/schedule-format';

/** One line of a week: a run of days with the same hours, e.g. `Tue–Fri` and `9:00 AM – 1:00 PM`, `2:00 PM – 6:00 PM`. */
export interface WeekLine {
  days: string;
  /** Each working range of those days, earliest first (a break between two). */
  ranges: string[];
}

/** A week (Monday first) as lines, consecutive days with the same hours together, the days off left out. */
export function weekLines(days: readonly OpeningDayLike[]): WeekLine[] {
  return openingGroups(days).flatMap((group) => {
    const ranges = days.find((day) => day.day === group.days[0])?.ranges ?? [];
    return ranges.length === 0
      ? []
      : [{ days: formatDayRun(group.days), ranges: ranges.map((range) => formatRanges([range])) }];
  });
}
