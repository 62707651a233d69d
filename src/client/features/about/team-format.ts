import { weekdayShort, type Weekday } from '@/shared/constants';
import { formatClock, formatClockRange } from '@/shared/time-format';

/** Working days in their three-letter forms: "Mon, Tue, Wed". */
export function formatWorkingDays(days: readonly Weekday[]): string {
  return days.map(weekdayShort).join(', ');
}

/** A stored `HH:MM` (24-hour) as the 12-hour time with AM/PM the site shows: "9:00 AM" (the app's one clock format). */
export const formatClockTime = formatClock;

/** "9:00 AM – 6:00 PM". */
export const formatWorkingHours = formatClockRange;
