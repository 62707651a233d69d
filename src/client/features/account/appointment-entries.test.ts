import { describe, expect, it } from 'vitest';
import type { CustomerBooking } from '@/shared/schemas/bookings';
import { appointmentEntries, leadOf } from './appointment-entries';

const booking = (id: string, timeSlot: string, visitId: string | null, status: CustomerBooking['status'] = 'pending') =>
  ({ _id: id, timeSlot, visitId, status }) as CustomerBooking;

describe('My appointments entries', () => {
  it('puts the items of a visit of several services into one entry, earliest first, where its first item was', () => {
    const entries = appointmentEntries([
      booking('a', '09:00', null),
      booking('v2', '11:40', 'visit'),
      booking('b', '10:00', null),
      booking('v1', '10:00', 'visit'),
    ]);
    expect(entries.map((entry) => (entry.kind === 'visit' ? entry.items.map((item) => item._id) : entry.key))).toEqual([
      'a',
      ['v1', 'v2'],
      'b',
    ]);
  });

  it('shows a visit of one service as a booking', () => {
    expect(appointmentEntries([booking('x', '09:00', 'single')])).toEqual([
      { kind: 'booking', key: 'x', booking: booking('x', '09:00', 'single') },
    ]);
  });

  it("goes by a visit's first open item", () => {
    expect(leadOf([booking('1', '09:00', 'v', 'cancelled'), booking('2', '10:00', 'v')])?._id).toBe('2');
    expect(leadOf([booking('1', '09:00', 'v', 'completed')])?._id).toBe('1');
  });
});
