// A repeating booking's review step, its state and words (README "Standing appointments"): apart
// from the review itself (series-review.tsx), which the booking forms load only when it opens.
import { useState } from 'react';
import type { BookedSeries, SeriesPreview } from '@/shared/schemas/visits';
import { formatClock, formatDayWithWeekday } from '@/shared/time-format';

export type PreviewedSeries = SeriesPreview['series'];

/** A series request after its preview: what was asked (sent again to book) and what the salon answered. */
export interface SeriesReviewState<Request> {
  request: Request;
  series: PreviewedSeries;
  /** Each preview's own number: a new one starts the choices afresh. */
  round: number;
}

/** The review step of a repeating booking: opened by a preview's answer, closed by Back or a booking. */
export function useSeriesReview<Request extends object>() {
  const [review, setReview] = useState<SeriesReviewState<Request> | null>(null);
  const show = (request: Request, series: PreviewedSeries) => {
    // Booking sends the same request again, with the choices and without `preview`.
    const {
      preview: _preview,
      occurrences: _occurrences,
      ...asked
    } = request as Request & {
      preview?: unknown;
      occurrences?: unknown;
    };
    setReview((previous) => ({ request: asked as Request, series, round: (previous?.round ?? 0) + 1 }));
  };
  return { review, show, close: () => setReview(null) };
}

/** "Saturday 12/12/2026 at 2:00 PM". */
export const at = (day: string, time: string) => `${formatDayWithWeekday(day)} at ${formatClock(time)}`;
/** "1 appointment", "3 appointments". */
export const plural = (count: number, one: string) => `${String(count)} ${one}${count === 1 ? '' : 's'}`;

/** "Every 2 weeks, 4 times" or "Every week until Tuesday 12/01/2027". */
export function repeatSummary(series: Pick<PreviewedSeries, 'everyWeeks' | 'count' | 'until'>): string {
  const every = series.everyWeeks === 1 ? 'Every week' : `Every ${String(series.everyWeeks)} weeks`;
  if (series.until !== null) return `${every} until ${formatDayWithWeekday(series.until)}`;
  return `${every}, ${String(series.count ?? 0)} times`;
}

/** The toast after a series is booked: how many, and the days. */
export function seriesBookedNotice(series: BookedSeries): { title: string; message: string } {
  const left = series.notFitting.length;
  return {
    title: `${plural(series.booked.length, 'appointment')} booked`,
    message:
      series.booked.map((occurrence) => at(occurrence.bookingDate, occurrence.timeSlot)).join(', ') +
      (left > 0 ? `. Not booked: ${plural(left, 'date')} that did not fit.` : ''),
  };
}
