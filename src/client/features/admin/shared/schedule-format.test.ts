import { describe, expect, it } from 'vitest';
import { weekdayOfDay as weekdayOf } from '@/shared/calendar-days';
import { formatDayWithWeekday, formatLocalSpan, formatRanges, localSpanEnds } from './schedule-format';

describe('the hours and time-off formats', () => {
  it('names the weekday of a salon day whatever the browser zone', () => {
    expect(weekdayOf('2026-12-24')).toBe('Thursday');
    expect(weekdayOf('2026-12-28')).toBe('Monday');
    expect(weekdayOf('2026-12-27')).toBe('Sunday');
    expect(weekdayOf('soon')).toBeUndefined();
    expect(formatDayWithWeekday('2026-12-24')).toBe('Thursday 24/12/2026');
  });

  it('writes time off over several days with both dates, and on one day with one', () => {
    expect(formatLocalSpan('2026-12-24T09:00', '2026-12-26T18:00')).toBe(
      'Thursday 24/12/2026, 9:00 AM – Saturday 26/12/2026, 6:00 PM',
    );
    expect(formatLocalSpan('2026-12-24T09:00', '2026-12-24T13:30')).toBe('Thursday 24/12/2026, 9:00 AM – 1:30 PM');
    expect(localSpanEnds('2026-12-24T00:00', '2026-12-24T12:00')).toEqual([
      'Thursday 24/12/2026, 12:00 AM',
      '12:00 PM',
    ]);
  });

  it('lists a day with a break as two ranges', () => {
    expect(
      formatRanges([
        { from: '09:00', to: '13:00' },
        { from: '14:00', to: '18:00' },
      ]),
    ).toBe('9:00 AM – 1:00 PM, 2:00 PM – 6:00 PM');
  });
});
