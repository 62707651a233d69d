import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatClockRange,
  formatDay,
  formatDayWithWeekday,
  formatMoment,
  formatMomentSpan,
  formatShortDayWithWeekday,
} from './time-format';

describe('formatDay', () => {
  it('shows a calendar day as dd/mm/yyyy', () => {
    expect(formatDay('2026-03-09')).toBe('09/03/2026');
    expect(formatDay('2026-12-31T10:00:00.000Z')).toBe('31/12/2026');
  });

  it('shows text that is not a day as it came', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('formatClock', () => {
  it('shows a 24-hour time in 12-hour form with AM or PM', () => {
    expect(formatClock('09:00')).toBe('9:00 AM');
    expect(formatClock('14:30')).toBe('2:30 PM');
    expect(formatClock('18:30')).toBe('6:30 PM');
    expect(formatClock('23:59')).toBe('11:59 PM');
  });

  it('writes midnight and noon as 12, AM and PM', () => {
    expect(formatClock('00:00')).toBe('12:00 AM');
    expect(formatClock('00:15')).toBe('12:15 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
    expect(formatClock('12:45')).toBe('12:45 PM');
  });

  it('takes a single-digit hour and drops seconds', () => {
    expect(formatClock('9:05')).toBe('9:05 AM');
    expect(formatClock('13:00:00')).toBe('1:00 PM');
  });

  it('leaves a value it does not understand as it is', () => {
    expect(formatClock('25:00')).toBe('25:00');
    expect(formatClock('10:75')).toBe('10:75');
    expect(formatClock('noon')).toBe('noon');
    expect(formatClock('')).toBe('');
  });
});

describe('formatDayWithWeekday', () => {
  it('names the weekday in full before the day', () => {
    expect(formatDayWithWeekday('2026-11-26')).toBe('Thursday 26/11/2026');
    expect(formatDayWithWeekday('2026-12-27')).toBe('Sunday 27/12/2026');
    expect(formatDayWithWeekday('2026-12-28')).toBe('Monday 28/12/2026');
  });

  it('shows text that is not a day as it came', () => {
    expect(formatDayWithWeekday('soon')).toBe('soon');
  });
});

describe('formatShortDayWithWeekday', () => {
  it('writes the weekday short and the day as dd/mm', () => {
    expect(formatShortDayWithWeekday('2026-11-26')).toBe('Thu 26/11');
    expect(formatShortDayWithWeekday('2026-03-09')).toBe('Mon 09/03');
    expect(formatShortDayWithWeekday('2026-12-27')).toBe('Sun 27/12');
  });

  it('shows text that is not a day as it came', () => {
    expect(formatShortDayWithWeekday('soon')).toBe('soon');
  });
});

describe('moments and spans', () => {
  it('writes a wall-clock moment with its weekday and a 12-hour time', () => {
    expect(formatMoment('2026-12-24T09:00')).toBe('Thursday 24/12/2026, 9:00 AM');
    expect(formatMoment('2026-12-24T21:30')).toBe('Thursday 24/12/2026, 9:30 PM');
  });

  it('gives a span on one day one date, and one over several days both', () => {
    expect(formatMomentSpan('2026-12-24T09:00', '2026-12-24T13:30')).toBe('Thursday 24/12/2026, 9:00 AM – 1:30 PM');
    expect(formatMomentSpan('2026-12-24T09:00', '2026-12-26T18:00')).toBe(
      'Thursday 24/12/2026, 9:00 AM – Saturday 26/12/2026, 6:00 PM',
    );
  });

  it('writes a range of clock times', () => {
    expect(formatClockRange('09:00', '18:00')).toBe('9:00 AM – 6:00 PM');
  });
});
