// How the hours and time-off screens write salon days, times and spans: the app's one format
// (src/shared/time-format), under the names these screens import.
import type { TimeRange } from '@/shared/schemas/schedules';
import { formatClockRange, formatDayWithWeekday, formatMomentSpan, momentSpanEnds } from '@/shared/time-format';

export { formatDayWithWeekday };

/**
 * A span of salon time as its two ends: `Thursday 24/12/2026, 9:00 AM` and `Saturday 26/12/2026, 6:00 PM`,
 * or on one day `Thursday 24/12/2026, 9:00 AM` and `1:00 PM`.
 */
export const localSpanEnds = momentSpanEnds;

/** `Thursday 24/12/2026, 9:00 AM – 1:00 PM`, the second date only when the span ends on another day. */
export const formatLocalSpan = formatMomentSpan;

/** `[{ from: '09:00', to: '13:00' }, { from: '14:00', to: '18:00' }]` -> `9:00 AM – 1:00 PM, 2:00 PM – 6:00 PM`. */
export function formatRanges(ranges: readonly TimeRange[]): string {
  return ranges.map((range) => formatClockRange(range.from, range.to)).join(', ');
}
