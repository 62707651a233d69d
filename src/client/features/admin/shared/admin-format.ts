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
