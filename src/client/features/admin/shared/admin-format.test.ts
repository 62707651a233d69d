import { describe, expect, it } from 'vitest';
import { formatDateTime } from './admin-format';

describe('formatDateTime', () => {
  it('writes an instant in the browser zone as dd/mm/yyyy and a 12-hour time', () => {
    const instant = new Date(2026, 2, 9, 18, 30);
    expect(formatDateTime(instant.toISOString())).toBe('09/03/2026, 6:30 PM');
  });

  it('leaves a value it does not understand as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
