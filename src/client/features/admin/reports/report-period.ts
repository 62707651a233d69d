// The periods the Reports page offers, as calendar days (`YYYY-MM-DD`). Pure arithmetic
// on UTC midnights, so the browser's zone and clock changes cannot shift a day; "today" is passed in.
import { REPORT_MAX_DAYS, daysInPeriod, type ReportCsvTable } from '@/shared/schemas/reports';
import { formatDay } from '@/shared/time-format';
import { addDays, linkedDay } from '@/client/lib/day-format';

export { addDays };

export interface Period {
  from: string;
  to: string;
}

export const PERIOD_PRESETS = [
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Monday to Sunday of the week holding `today`. */
export function weekOf(today: string): Period {
  // getUTCDay counts from Sunday (0); the salon's week starts on Monday.
  const sinceMonday = (new Date(toUtc(today)).getUTCDay() + 6) % 7;
  const from = addDays(today, -sinceMonday);
  return { from, to: addDays(from, 6) };
}

/** The first to the last day of the month holding `day`. */
export function monthOf(day: string): Period {
  const date = new Date(toUtc(day));
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return { from: fromUtc(Date.UTC(year, month, 1)), to: fromUtc(Date.UTC(year, month + 1, 0)) };
}

/** The month before the one holding `today`. */
export const lastMonthOf = (today: string): Period => monthOf(addDays(monthOf(today).from, -1));

/** The period a preset names on `today`; Custom has none of its own. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  if (preset === 'week') return weekOf(today);
  if (preset === 'month') return monthOf(today);
  return lastMonthOf(today);
}

/** The preset a period is, on `today`, or Custom. */
export function presetOf(period: Period, today: string): PeriodPreset {
  for (const preset of ['week', 'month', 'last-month'] as const) {
    const candidate = presetPeriod(preset, today);
    if (candidate.from === period.from && candidate.to === period.to) return preset;
  }
  return 'custom';
}

/**
 * The period of the page's address (`?from=&to=`): two real days within the days inputs may name,
 * or this month when either is missing, not a day or out of that range (a link anyone may send).
 * A reversed or too long period is kept: the server's message explains it.
 */
export function periodFromSearch(search: URLSearchParams, today: string): Period {
  const from = linkedDay(search.get('from'));
  const to = linkedDay(search.get('to'));
  if (from !== null && to !== null) return { from, to };
  return monthOf(today);
}

/** Days in the period, both ends included. */
export const periodLength = (period: Period): number => daysInPeriod(period.from, period.to);

/**
 * The days a range picker may offer once its first end is picked: at most REPORT_MAX_DAYS days
 * counting both ends, either way.
 */
export const pickableAround = (day: string): Period => ({
  from: addDays(day, -(REPORT_MAX_DAYS - 1)),
  to: addDays(day, REPORT_MAX_DAYS - 1),
});

/** `01/11/2026 – 30/11/2026`, or a single day as itself. */
export const formatPeriod = (period: Period): string =>
  period.from === period.to ? formatDay(period.from) : `${formatDay(period.from)} – ${formatDay(period.to)}`;

/** A chart's day tick: `09/03`. */
export const formatShortDay = (day: string): string => formatDay(day).slice(0, 5);

/** Where a report table downloads as CSV for the period. */
export const csvHref = (table: ReportCsvTable, period: Period): string =>
  `/api/v1/admin/reports/${table}.csv?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`;

/** `0.4567` -> `46%`; null (nothing scheduled) -> `—`. */
export const formatPercent = (rate: number | null): string =>
  rate === null ? '—' : `${String(Math.round(rate * 100))}%`;
