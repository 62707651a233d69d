// How the hours and time-off screens write salon days, times and spans, built on the back
// office's own helpers (dd/mm/yyyy, 12-hour clock) with the weekday in front: `Wed 24/12/2026`.
import { weekdayOfDay } from '@/shared/calendar-days';
import { weekdayShort } from '@/shared/constants';
import type { TimeRange } from '@/shared/schemas/schedules';
import { formatClock, formatDay } from './admin-format';

/** `2026-12-24` -> `Thu 24/12/2026`. */
export function formatDayWithWeekday(day: string): string {
  const weekday = weekdayOfDay(day);
  return weekday ? `${weekdayShort(weekday)} ${formatDay(day)}` : formatDay(day);
}

/** `2026-12-24T09:00` -> `Thu 24/12/2026, 9:00 AM`. */
export function formatLocalDateTime(local: string): string {
  return `${formatDayWithWeekday(local.slice(0, 10))}, ${formatClock(local.slice(11, 16))}`;
}

/**
 * A span of salon time as its two ends: `Thu 24/12/2026, 9:00 AM` and `Sat 26/12/2026, 6:00 PM`,
 * or on one day `Thu 24/12/2026, 9:00 AM` and `1:00 PM`.
 */
export function localSpanEnds(startsAt: string, endsAt: string): [string, string] {
  const sameDay = startsAt.slice(0, 10) === endsAt.slice(0, 10);
  return [formatLocalDateTime(startsAt), sameDay ? formatClock(endsAt.slice(11, 16)) : formatLocalDateTime(endsAt)];
}

/** `Thu 24/12/2026, 9:00 AM – Sat 26/12/2026, 6:00 PM`, or on one day `Thu 24/12/2026, 9:00 AM – 1:00 PM`. */
export function formatLocalSpan(startsAt: string, endsAt: string): string {
  return localSpanEnds(startsAt, endsAt).join(' – ');
}

/** `[{ from: '09:00', to: '13:00' }, { from: '14:00', to: '18:00' }]` -> `9:00 AM – 1:00 PM, 2:00 PM – 6:00 PM`. */
export function formatRanges(ranges: readonly TimeRange[]): string {
  return ranges.map((range) => `${formatClock(range.from)} – ${formatClock(range.to)}`).join(', ');
}
