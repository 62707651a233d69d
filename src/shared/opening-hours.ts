// The salon's opening hours in words and in schema.org terms: the footer, /contact and the
// server's JSON-LD write them from the same week, so they never disagree. Pure, no DOM or Node.
import { weekdayShort, type Weekday } from '@/shared/constants';
import { formatClockRange } from '@/shared/time-format';

interface Range {
  from: string;
  to: string;
}

export interface OpeningDayLike {
  day: Weekday;
  ranges: readonly Range[];
}

/**
 * A day's hours, in the app's 12-hour times: `9:00 AM – 8:00 PM`, `9:00 AM – 1:00 PM / 2:00 PM – 6:00 PM`,
 * or `closed`. Ranges are parted by a slash: the week's line parts its days by commas.
 */
export function formatDayHours(ranges: readonly Range[]): string {
  if (ranges.length === 0) return 'closed';
  return ranges.map((range) => formatClockRange(range.from, range.to)).join(' / ');
}

export interface OpeningGroup {
  /** The weekdays of the run, in order. */
  days: Weekday[];
  /** Their hours, as `formatDayHours` writes them. */
  hours: string;
}

/** Consecutive weekdays with the same hours, in the week's order (Monday first, as given). */
export function openingGroups(days: readonly OpeningDayLike[]): OpeningGroup[] {
  const groups: OpeningGroup[] = [];
  for (const day of days) {
    const hours = formatDayHours(day.ranges);
    const last = groups.at(-1);
    if (last?.hours === hours) last.days.push(day.day);
    else groups.push({ days: [day.day], hours });
  }
  return groups;
}

/** `Mon`, or `Mon–Fri` for a run of days. */
export function formatDayRun(days: readonly Weekday[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return '';
  return first === last ? weekdayShort(first) : `${weekdayShort(first)}–${weekdayShort(last)}`;
}

/** The week in one line: `Mon–Fri 9:00 AM – 8:00 PM, Sat 10:00 AM – 6:00 PM, Sun closed`. */
export function formatOpeningHours(days: readonly OpeningDayLike[]): string {
  return openingGroups(days)
    .map((group) => `${formatDayRun(group.days)} ${group.hours}`)
    .join(', ');
}

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/**
 * schema.org's `openingHoursSpecification` of a LocalBusiness: one entry per span shared by a set
 * of weekdays; a closed day has none (schema.org reads a day without an entry as closed).
 */
export function openingHoursSpecification(days: readonly OpeningDayLike[]): OpeningHoursSpecification[] {
  const bySpan = new Map<string, OpeningHoursSpecification>();
  for (const day of days) {
    for (const range of day.ranges) {
      const key = `${range.from}-${range.to}`;
      const entry = bySpan.get(key) ?? {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [],
        opens: range.from,
        closes: range.to,
      };
      entry.dayOfWeek.push(`https://schema.org/${day.day}`);
      bySpan.set(key, entry);
    }
  }
  return [...bySpan.values()];
}
