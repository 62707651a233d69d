// How the app writes days and clock times for people (the spec: dd/mm/yyyy, 12-hour with AM/PM):
// the back office, the customer's pages and the server's e-mails and activity log all write them
// with these, so a time reads the same wherever it is shown. Machine values (`HH:MM` in the API,
// iCal, CSV) stay 24-hour and never go through here. Pure, no DOM or Node; no time zone either:
// callers pass the salon's wall-clock day and time.
import { weekdayOfDay } from './constants';

/**
 * `2026-03-09` -> `09/03/2026`: every calendar day the app shows (dd/mm/yyyy). A date-time is read
 * by its first ten characters; anything else is shown as it came.
 */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match;
  return `${date ?? ''}/${month ?? ''}/${year ?? ''}`;
}

/**
 * `09:00` -> `9:00 AM`, `14:30` -> `2:30 PM`, `00:15` -> `12:15 AM`, `12:00` -> `12:00 PM`: every
 * clock time a person reads. Seconds (`09:00:00`) are dropped; a value that is no time is shown as
 * it came.
 */
export function formatClock(time: string): string {
  const match = /^(\d{1,2}):([0-5]\d)(?::[0-5]\d)?$/.exec(time.trim());
  if (!match) return time;
  const hours = Number(match[1]);
  if (hours > 23) return time;
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(hours12)}:${match[2] ?? '00'} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * `2026-11-26` -> `Thursday 26/11/2026`: a day standing alone (a heading, a sentence, a mail's
 * date), with its weekday so nobody has to work it out. The weekday is read on the day itself, so
 * no zone can shift it.
 */
export function formatDayWithWeekday(day: string): string {
  const weekday = weekdayOfDay(day);
  return weekday ? `${weekday} ${formatDay(day)}` : formatDay(day);
}

/**
 * `2026-11-26` -> `Thu 26/11`: a day where room is short and the year goes without saying (the
 * calendar's week columns): its weekday's first three letters and dd/mm. Text that is not a day is
 * shown as it came.
 */
export function formatShortDayWithWeekday(day: string): string {
  const weekday = weekdayOfDay(day);
  const match = /^\d{4}-(\d{2})-(\d{2})/.exec(day);
  if (!weekday || !match) return day;
  return `${weekday.slice(0, 3)} ${match[2] ?? ''}/${match[1] ?? ''}`;
}

/**
 * A salon wall-clock moment (`2026-11-26T09:30`, as time off and forms hold it):
 * `Thursday 26/11/2026, 9:30 AM`.
 */
export function formatMoment(moment: string): string {
  return `${formatDayWithWeekday(moment.slice(0, 10))}, ${formatClock(moment.slice(11, 16))}`;
}

/**
 * A span of salon wall-clock time (`YYYY-MM-DDTHH:MM` ends) as its two ends: on one day the end is
 * only its time (`Thursday 26/11/2026, 9:00 AM` and `1:00 PM`), else both are in full.
 */
export function momentSpanEnds(startsAt: string, endsAt: string): [string, string] {
  const sameDay = startsAt.slice(0, 10) === endsAt.slice(0, 10);
  return [formatMoment(startsAt), sameDay ? formatClock(endsAt.slice(11, 16)) : formatMoment(endsAt)];
}

/** `Thursday 26/11/2026, 9:00 AM – 1:00 PM`, or `… – Saturday 28/11/2026, 6:00 PM` over several days. */
export function formatMomentSpan(startsAt: string, endsAt: string): string {
  return momentSpanEnds(startsAt, endsAt).join(' – ');
}

/** `9:00 AM – 6:00 PM`: a range of clock times (opening hours, working hours, a booking). */
export function formatClockRange(from: string, to: string): string {
  return `${formatClock(from)} – ${formatClock(to)}`;
}
