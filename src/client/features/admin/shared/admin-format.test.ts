import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatDay } from './admin-format';

describe('formatDay', () => {
  it('shows a calendar day as dd/mm/yyyy', () => {
    expect(formatDay('2026-03-09')).toBe('09/03/2026');
    expect(formatDay('2026-12-31T10:00:00.000Z')).toBe('31/12/2026');
  });

  it('leaves a value it does not understand as it is', () => {
    expect(formatDay('soon')).toBe('soon');
  });
});

describe('formatClock', () => {
  it('shows a 24-hour time in 12-hour form with AM or PM', () => {
    expect(formatClock('09:00')).toBe('9:00 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
    expect(formatClock('18:30')).toBe('6:30 PM');
    expect(formatClock('00:15')).toBe('12:15 AM');
  });

  it('leaves a value it does not understand as it is', () => {
    expect(formatClock('25:00')).toBe('25:00');
    expect(formatClock('noon')).toBe('noon');
  });
});

describe('formatDateTime', () => {
  it('writes an instant in the browser zone as dd/mm/yyyy and a 12-hour time', () => {
    const instant = new Date(2026, 2, 9, 18, 30);
    expect(formatDateTime(instant.toISOString())).toBe('09/03/2026, 6:30 PM');
  });

  it('leaves a value it does not understand as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
