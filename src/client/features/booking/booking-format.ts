// Small pure helpers of the booking form and the "My appointments" list.
import { localCalendarDay } from '@/shared/calendar-days';
import { BOOKING_HORIZON_DAYS } from '@/shared/constants';
import { formatDay } from '@/client/lib/day-format';

/** The first and last day the date field offers (`YYYY-MM-DD`, the browser's calendar). */
export function bookingDateRange(now: Date = new Date()): { min: string; max: string } {
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate() + BOOKING_HORIZON_DAYS);
  return { min: localCalendarDay(now), max: localCalendarDay(last) };
}

/** `2026-03-07` → `07/03/2026` (spec section 2: dd/mm/yyyy), as the date fields show days too. */
export const formatBookingDate = formatDay;

/** `14:30` → `2:30 PM`, `09:00` → `9:00 AM`, `00:15` → `12:15 AM`. */
export function formatSlotTime(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/** The specialists who offer a service (by its name); every one when no service is chosen. */
export function specialistsOffering<S extends { expertise: readonly { name: string }[] }>(
  specialists: readonly S[],
  serviceName: string,
): S[] {
  if (!serviceName) return [...specialists];
  return specialists.filter((specialist) => specialist.expertise.some((service) => service.name === serviceName));
}
