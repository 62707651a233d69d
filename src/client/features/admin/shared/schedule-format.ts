// How the hours screens write a day's working ranges, in the app's one format
// (src/shared/time-format); days, times and spans alone: import them from there.
import type { TimeRange } from '@/shared/schemas/schedules';
import { formatClockRange } from '@/shared/time-format';

/** `[{ from: '09:00', to: '13:00' }, { from: '14:00', to: '18:00' }]` -> `9:00 AM – 1:00 PM, 2:00 PM – 6:00 PM`. */
export function formatRanges(ranges: readonly TimeRange[]): string {
  return ranges.map((range) => formatClockRange(range.from, range.to)).join(', ');
}
