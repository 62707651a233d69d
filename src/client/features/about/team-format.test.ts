import { describe, expect, it } from 'vitest';
import { formatClockTime, formatWorkingDays, formatWorkingHours } from './team-format';

describe('team formatting', () => {
  it('lists working days in their three-letter forms', () => {
    expect(formatWorkingDays(['Monday', 'Tuesday', 'Sunday'])).toBe('Mon, Tue, Sun');
    expect(formatWorkingDays([])).toBe('');
  });

  it('shows 24-hour times in 12-hour form with AM or PM', () => {
    expect(formatClockTime('09:00')).toBe('9:00 AM');
    expect(formatClockTime('00:30')).toBe('12:30 AM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('18:45')).toBe('6:45 PM');
    expect(formatWorkingHours('10:00', '20:00')).toBe('10:00 AM – 8:00 PM');
  });
});
