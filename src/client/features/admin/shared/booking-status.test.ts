import { describe, expect, it } from 'vitest';
import { isBookingStatus, STATUS_OPTIONS, statusLabel } from './booking-status';

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
});
