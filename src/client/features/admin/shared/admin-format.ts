// How the back office writes when something happened, in the app's one format (dd/mm/yyyy,
// 12-hour with AM/PM). Days and clock times alone: import them from src/shared/time-format.
import { localCalendarDay } from '@/shared/calendar-days';
import { formatClock, formatDay } from '@/shared/time-format';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant in the browser's zone, as the back office writes when something happened: `09/03/2026, 6:30 PM`. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDay(localCalendarDay(date))}, ${formatClock(`${pad(date.getHours())}:${pad(date.getMinutes())}`)}`;
}

/**
 * A length of time in whole seconds, in the largest unit that still reads exactly enough:
 * `75 s` (up to two minutes, where the seconds matter), `14 min`, `3 h`, `2 days`.
 */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 120) return `${String(s)} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 120) return `${String(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${String(hours)} h`;
  return `${String(Math.floor(hours / 24))} days`;
}

/**
 * How long before `now` (ms) an ISO instant was: `3 s ago`, `14 min ago`; `just now` within the
 * second and for an instant a clock a little ahead puts in the future.
 */
export function formatAgo(iso: string, now: number): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const seconds = Math.floor((now - at) / 1000);
  return seconds < 1 ? 'just now' : `${formatElapsed(seconds)} ago`;
}
