// Small pure helpers of the booking form and the "My appointments" list.
import { formatDay } from '@/client/lib/day-format';

// The date range and the slot times are the back office's too; they live with the other day formats.
export { bookingDateRange, formatSlotTime } from '@/client/lib/day-format';

/** `2026-03-07` → `07/03/2026` (dd/mm/yyyy), as the date fields show days too. */
export const formatBookingDate = formatDay;

/** The specialists who offer a service (by its name); every one when no service is chosen. */
export function specialistsOffering<S extends { expertise: readonly { name: string }[] }>(
  specialists: readonly S[],
  serviceName: string,
): S[] {
  if (!serviceName) return [...specialists];
  return specialists.filter((specialist) => specialist.expertise.some((service) => service.name === serviceName));
}
