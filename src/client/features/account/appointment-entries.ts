// My appointments lists a visit of several services as one entry: its items, earliest first.
import type { CustomerBooking } from '@/shared/schemas/bookings';

export type AppointmentEntry =
  | { kind: 'booking'; key: string; booking: CustomerBooking }
  | { kind: 'visit'; key: string; visitId: string; items: CustomerBooking[] };

/**
 * The bookings as entries, in the order their first item comes in `bookings`: the items of a visit
 * of several services together (earliest first), every other booking on its own.
 */
export function appointmentEntries(bookings: readonly CustomerBooking[]): AppointmentEntry[] {
  const entries: AppointmentEntry[] = [];
  const visits = new Map<string, CustomerBooking[]>();
  for (const booking of bookings) {
    const visitId = booking.visitId ?? null;
    const items = visitId === null ? undefined : visits.get(visitId);
    if (items) {
      items.push(booking);
      continue;
    }
    if (visitId === null) {
      entries.push({ kind: 'booking', key: booking._id, booking });
      continue;
    }
    const started = [booking];
    visits.set(visitId, started);
    entries.push({ kind: 'visit', key: visitId, visitId, items: started });
  }
  return entries.map((entry) => {
    if (entry.kind === 'booking' || entry.items.length > 1) {
      if (entry.kind === 'visit') entry.items.sort((a, b) => a.timeSlot.localeCompare(b.timeSlot));
      return entry;
    }
    // A visit of one service reads as a booking.
    const [only] = entry.items;
    return only ? { kind: 'booking', key: only._id, booking: only } : entry;
  });
}

/** The item a visit's actions go by: the first still open (its cut-off and status), else the first. */
export const leadOf = (items: readonly CustomerBooking[]): CustomerBooking | undefined =>
  items.find((item) => item.status === 'pending' || item.status === 'confirmed') ?? items[0];
