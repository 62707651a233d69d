import { describe, expect, it } from 'vitest';
import { hasBegun, isBookingStatus, STATUS_OPTIONS, statusChoicesFor, statusLabel } from './booking-status';

describe('booking status helpers', () => {
  it('labels every status with a capital', () => {
    expect(statusLabel('pending')).toBe('Pending');
    expect(STATUS_OPTIONS.map((option) => option.label)).toEqual([
      'Pending',
      'Confirmed',
      'Cancelled',
      'Completed',
      'No-show',
    ]);
  });

  it('tells a status from other text', () => {
    expect(isBookingStatus('completed')).toBe(true);
    expect(isBookingStatus('Completed')).toBe(false);
    expect(isBookingStatus(null)).toBe(false);
  });

  it('offers No-show only once a booking has begun', () => {
    const now = new Date(2026, 11, 1, 10, 30);
    expect(hasBegun({ bookingDate: '2026-12-01', timeSlot: '10:30' }, now)).toBe(true);
    expect(hasBegun({ bookingDate: '2026-11-30', timeSlot: '18:00' }, now)).toBe(true);
    expect(hasBegun({ bookingDate: '2026-12-01', timeSlot: '10:31' }, now)).toBe(false);
    expect(hasBegun({ bookingDate: '2026-12-02', timeSlot: '09:00' }, now)).toBe(false);
    const ahead = statusChoicesFor({ bookingDate: '2026-12-02', timeSlot: '09:00' }, now);
    expect(ahead.find((choice) => choice.value === 'no-show')).toMatchObject({ disabled: true });
    expect(ahead.filter((choice) => choice.disabled)).toHaveLength(1);
    const begun = statusChoicesFor({ bookingDate: '2026-12-01', timeSlot: '09:00' }, now);
    expect(begun.some((choice) => choice.disabled)).toBe(false);
  });
});
