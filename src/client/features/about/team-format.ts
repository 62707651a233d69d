import { weekdayShort, type Weekday } from '@/shared/constants';

/** Working days in their three-letter forms: "Mon, Tue, Wed". */
export function formatWorkingDays(days: readonly Weekday[]): string {
  return days.map(weekdayShort).join(', ');
}

/** A stored `HH:MM` (24-hour) as the 12-hour time with AM/PM the site shows: "9:00 AM". */
export function formatClockTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2] ?? '00';
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${minutes} ${suffix}`;
}

/** "9:00 AM – 6:00 PM". */
export function formatWorkingHours(from: string, to: string): string {
  return `${formatClockTime(from)} – ${formatClockTime(to)}`;
}
