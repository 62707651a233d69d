// How the back office shows calendar days and clock times: the app's one format (dd/mm/yyyy,
// 12-hour with AM/PM), from src/shared/time-format, under the names the back office imports.
import { localCalendarDay } from '@/shared/calendar-days';
import { formatClock, formatDay } from '@/client/lib/day-format';

export { formatClock, formatDay };
export { formatDayWithWeekday } from '@/client/lib/day-format';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant in the browser's zone, as the back office writes when something happened: `09/03/2026, 6:30 PM`. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDay(localCalendarDay(date))}, ${formatClock(`${pad(date.getHours())}:${pad(date.getMinutes())}`)}`;
}
