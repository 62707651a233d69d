import { describe, expect, it } from 'vitest';
import { formatRanges } from './schedule-format';

describe('the hours format', () => {
  it('lists a day with a break as two ranges', () => {
    expect(
      formatRanges([
        { from: '09:00', to: '13:00' },
        { from: '14:00', to: '18:00' },
      ]),
    ).toBe('9:00 AM – 1:00 PM, 2:00 PM – 6:00 PM');
  });
});
