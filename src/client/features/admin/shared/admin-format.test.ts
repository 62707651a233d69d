import { describe, expect, it } from 'vitest';
import { formatAgo, formatDateTime, formatElapsed } from './admin-format';

describe('formatDateTime', () => {
  it('writes an instant in the browser zone as dd/mm/yyyy and a 12-hour time', () => {
    const instant = new Date(2026, 2, 9, 18, 30);
    expect(formatDateTime(instant.toISOString())).toBe('09/03/2026, 6:30 PM');
  });

  it('leaves a value it does not understand as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('formatElapsed', () => {
  it('counts seconds up to two minutes, then minutes, hours and days', () => {
    expect([0, 3, 75, 119, 120, 899, 7199, 7200, 47 * 3600, 48 * 3600, 5 * 86400].map(formatElapsed)).toEqual([
      '0 s',
      '3 s',
      '75 s',
      '119 s',
      '2 min',
      '14 min',
      '119 min',
      '2 h',
      '47 h',
      '2 days',
      '5 days',
    ]);
  });
});

describe('formatAgo', () => {
  const now = Date.parse('2026-11-25T16:00:00Z');

  it('says how long ago an instant was', () => {
    expect(formatAgo('2026-11-25T15:59:57Z', now)).toBe('3 s ago');
    expect(formatAgo('2026-11-25T15:58:45Z', now)).toBe('75 s ago');
    expect(formatAgo('2026-11-25T13:00:00Z', now)).toBe('3 h ago');
  });

  it('says just now within the second, and for an instant a clock slightly ahead puts in the future', () => {
    expect(formatAgo('2026-11-25T16:00:00Z', now)).toBe('just now');
    expect(formatAgo('2026-11-25T16:00:02Z', now)).toBe('just now');
  });

  it('leaves a value it does not understand as it is', () => {
    expect(formatAgo('soon', now)).toBe('soon');
  });
});
