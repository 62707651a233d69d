// The reports as CSV files for the accountant: the period's bookings, and the
// per-service and per-specialist tables. Written with csv-stringify: UTF-8 with a byte-order mark
// (so spreadsheets read accented and non-Latin names right), a header row, fields with commas,
// quotes or line breaks quoted, and cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`)
// escaped. Money as plain numbers with two decimals, days as `YYYY-MM-DD`; a phone or another
// text made of digits stays text (asText).
import { stringify } from 'csv-stringify/sync';
import type { ReportCsvTable, ReportPeriod, SalonReport } from '@/shared/schemas/reports';
import type { DbOrTx } from '@/server/db/client';
import { connectionOf, preparedOnce } from '@/server/db/statements';
import type { Config } from '@/server/env';
import { salonReport } from './report';

interface CsvBookingRow {
  date: string;
  time: string;
  customer: string;
  email: string;
  phone: string;
  service: string;
  specialist: string;
  status: string;
  price: number;
  /** The visit the booking is an item of; '' for a booking of one service. */
  visit: string;
  /** Where it came from: `direct`, `waitlist` or `nudge` (BOOKING_SOURCES). */
  source: string;
}

const statementsOf = preparedOnce((db) => ({
  bookings: connectionOf(db).prepare<{ from: string; to: string }, CsvBookingRow>(`
    SELECT booking_date AS date, time_slot AS time, trim(first_name || ' ' || last_name) AS customer, email, phone,
      service_name AS service, specialist_name AS specialist, status, price, coalesce(visit_id, '') AS visit,
      source
    FROM bookings WHERE booking_date BETWEEN :from AND :to ORDER BY booking_date, time_slot, id`),
}));

const BYTE_ORDER_MARK = '\uFEFF';

/** Invisible, and neither a digit, whitespace nor a sign: see asText. */
const TEXT_MARK = '\u200B';
/** Digits with the punctuation phones and references are written with: what a spreadsheet takes for a number. */
const NUMBER_LIKE = /^[\d ()+./-]*\d[\d ()+./-]*$/;

/**
 * A text cell as text: one a spreadsheet would read as a number (a phone `0712345678` losing its
 * zero, `+44 7700 900123` its plus, a reference `000123`) starts with a zero-width space, which
 * Excel, LibreOffice and Google Sheets all take for text and nobody sees. It then starts with
 * neither `+` nor `-`, so it needs no formula escape, and it holds no letter, `=` or `@`, so it
 * could be no formula anyway. See docs/decisions/0028-csv-digit-strings.md.
 */
const asText = (value: string) => (NUMBER_LIKE.test(value) ? `${TEXT_MARK}${value}` : value);
const amount = (value: number) => value.toFixed(2);
const percent = (rate: number | null) => (rate === null ? '' : (rate * 100).toFixed(1));
const hours = (minutes: number) => (minutes / 60).toFixed(2);

function csvOf(header: string[], rows: (string | number)[][]): string {
  return BYTE_ORDER_MARK + stringify([header, ...rows], { escape_formulas: true, record_delimiter: 'windows' });
}

/**
 * The bookings of the period, every status, by day and time: each item of a visit a row, with its
 * visit's id, and where it came from (made directly, from the waitlist, after a nudge to rebook).
 */
function bookingsCsv(db: DbOrTx, period: ReportPeriod): string {
  const rows = statementsOf(db).bookings.all(period);
  return csvOf(
    ['Date', 'Time', 'Customer', 'Email', 'Phone', 'Service', 'Specialist', 'Status', 'Price', 'Visit', 'Source'],
    rows.map((row) => [
      row.date,
      row.time,
      asText(row.customer),
      asText(row.email),
      asText(row.phone),
      asText(row.service),
      asText(row.specialist),
      row.status,
      amount(row.price),
      asText(row.visit),
      row.source,
    ]),
  );
}

function servicesCsv(report: SalonReport): string {
  return csvOf(
    ['Service', 'Bookings', 'Takings'],
    report.byService.map((row) => [asText(row.service.name), row.count, amount(row.takings)]),
  );
}

function specialistsCsv(report: SalonReport): string {
  return csvOf(
    ['Specialist', 'Bookings', 'Takings', 'Booked hours', 'Scheduled hours', 'Utilisation %'],
    report.bySpecialist.map((row) => [
      asText(row.specialist.name),
      row.count,
      amount(row.takings),
      hours(row.bookedMinutes),
      hours(row.scheduledMinutes),
      percent(row.utilisation),
    ]),
  );
}

export interface CsvFile {
  filename: string;
  csv: string;
}

/** One of the report's tables for the period, as a CSV file and the name to save it under. */
export function reportCsv(
  db: DbOrTx,
  config: Pick<Config, 'timezone'>,
  period: ReportPeriod,
  table: ReportCsvTable,
): CsvFile {
  const filename = `${table}-${period.from}-to-${period.to}.csv`;
  if (table === 'bookings') return { filename, csv: bookingsCsv(db, period) };
  const report = salonReport(db, config, period);
  return { filename, csv: table === 'services' ? servicesCsv(report) : specialistsCsv(report) };
}
