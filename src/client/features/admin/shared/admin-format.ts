// How the back office shows calendar days and clock times (days as dd/mm/yyyy).

import { formatDay } from '@/client/lib/day-format';

// Days are shown as everywhere else in the app (tables and date fields alike).
export { formatDay };

/** `09:00` -> `9:00 AM`, `18:30` -> `6:30 PM`, `00:15` -> `12:15 AM` (12-hour with AM/PM). */
export function formatClock(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const minutes = match[2] ?? '00';
  if (hours > 23) return time;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hours12}:${minutes} ${suffix}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time in the browser's zone, as the back office writes times: `09/03/2026, 6:30 PM`. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${formatDay(day)}, ${formatClock(`${pad(date.getHours())}:${pad(date.getMinutes())}`)}`;
}
