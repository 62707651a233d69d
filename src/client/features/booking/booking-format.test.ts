import { describe, expect, it } from 'vitest';
import { bookingDateRange, formatBookingDate, formatSlotTime, specialistsOffering } from './booking-format';

describe('booking helpers', () => {
  it('offers today up to 60 days ahead', () => {
    expect(bookingDateRange(new Date(2026, 0, 15, 23, 30))).toEqual({ min: '2026-01-15', max: '2026-03-16' });
    expect(bookingDateRange(new Date(2026, 11, 31, 0, 5))).toEqual({ min: '2026-12-31', max: '2027-03-01' });
  });

  it('shows dates as dd/mm/yyyy and times in 12-hour form', () => {
    expect(formatBookingDate('2026-03-07')).toBe('07/03/2026');
    expect(formatSlotTime('09:00')).toBe('9:00 AM');
    expect(formatSlotTime('12:30')).toBe('12:30 PM');
    expect(formatSlotTime('00:15')).toBe('12:15 AM');
    expect(formatSlotTime('17:45')).toBe('5:45 PM');
  });

  it('narrows specialists to those offering the chosen service', () => {
    const maya = { name: 'Maya', expertise: [{ name: 'Classic Manicure' }] };
    const leo = { name: 'Leo', expertise: [{ name: 'Haircut' }] };
    expect(specialistsOffering([maya, leo], 'Classic Manicure')).toEqual([maya]);
    expect(specialistsOffering([maya, leo], '')).toEqual([maya, leo]);
  });
});
