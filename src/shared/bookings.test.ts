import { describe, expect, it } from 'vitest';
import { CANCEL_CUTOFF_MESSAGE, durationText, splitFullName } from './bookings';
import { BOOKING_STATUS_COLORS } from './constants';
import { IMAGE_FORMATS_TEXT, IMAGE_TOO_LARGE_MESSAGE } from './images';

describe('booking rules shared by the form and the server', () => {
  it('splits a full name into first and last name', () => {
    expect(splitFullName('Clara Demo')).toEqual({ firstName: 'Clara', lastName: 'Demo' });
    expect(splitFullName('  Anna Maria  van Dijk ')).toEqual({ firstName: 'Anna', lastName: 'Maria van Dijk' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('colours each status as the app shows it everywhere', () => {
    expect(BOOKING_STATUS_COLORS).toEqual({
      confirmed: 'green',
      cancelled: 'red',
      completed: 'blue',
      pending: 'yellow',
      'no-show': 'gray',
    });
  });

  it('says the cancel cut-off in hours, built from the number of minutes', () => {
    expect(CANCEL_CUTOFF_MESSAGE).toBe('Bookings can only be cancelled up to 2 hours before the start.');
    expect(durationText(60)).toBe('1 hour');
    expect(durationText(45)).toBe('45 minutes');
    expect(durationText(90)).toBe('90 minutes');
  });

  it('states the image limit the same way everywhere', () => {
    expect(IMAGE_TOO_LARGE_MESSAGE).toBe('Image must be 5 MB or smaller.');
    expect(IMAGE_FORMATS_TEXT).toBe('JPEG, PNG or WebP, up to 5 MB.');
  });
});
