// The reports as CSV files for the accountant: the period's bookings, the per-service and
// per-specialist tables, and the till's sales, tips, gift vouchers, refunds and cash-ups. Written with csv-stringify: UTF-8 with a byte-order mark
// (so spreadsheets read accented and non-Latin names right), a header row, fields with commas,
// quotes or line breaks quoted, and text cells a spreadsheet would run as a formula (`=`, `+`, `-`,
// `@`) escaped (asText), never an amount. Money as plain numbers with two decimals, days as `YYYY-MM-DD`; a phone or another
// text made of digits stays text (asText).
import { stringify } from 'csv-stringify/sync';
import type { ReportCsvTable, ReportPeriod, SalonReport } from '@/shared/schemas/reports';
import type { DbOrTx } from '@/server/db/client';
import { connectionOf, preparedOnce } from '@/server/db/statements';
import type { Config } from '@/server/env';
import type { PaymentMethod } from '@/shared/constants';
import { PAYMENT_METHODS } from '@/shared/constants';
import type { Sale } from '@/shared/schemas/sales';
import { listCashUps } from '@/server/sales/cash-ups';
import { listSales, listTips } from '@/server/sales/sales';
import { vouchersSoldBetween } from '@/server/sales/vouchers';
import { maskedCode } from '@/shared/receipt';
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
  refunds: connectionOf(db).prepare<
    { from: string; to: string },
    { day: string; receipt: number; method: string; cents: number; reason: string; by: string }
  >(`
    SELECT r.day AS day, s.number AS receipt, r.method AS method, r.amount_cents AS cents, r.reason AS reason, r.by_name AS by
    FROM refunds r JOIN sales s ON s.id = r.sale_id WHERE r.day BETWEEN :from AND :to ORDER BY r.created_at, r.id`),
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
const asText = (value: string) => (NUMBER_LIKE.test(value) ? `${TEXT_MARK}${value}` : escapeFormula(value));
/**
 * Text a spreadsheet would run as a formula gets a leading `'` (OWASP's CSV injection advice; the full-width `＝＋－＠` too, which spreadsheets read alike).
 * Only text cells pass here: an amount such as `-0.25` (a cash-up's shortfall) stays a number.
 */
const escapeFormula = (value: string) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value);
const amount = (value: number) => value.toFixed(2);
const percent = (rate: number | null) => (rate === null ? '' : (rate * 100).toFixed(1));
const hours = (minutes: number) => (minutes / 60).toFixed(2);

function csvOf(header: string[], rows: (string | number)[][]): string {
  return BYTE_ORDER_MARK + stringify([header, ...rows], { record_delimiter: 'windows' });
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

/** SQLite's LIMIT -1: every row (a CSV holds the whole period). */
const ALL = -1;

/** The period's sales, one row each: what was charged, how it was paid, what was given back. */
function salesCsv(db: DbOrTx, period: ReportPeriod): string {
  const sales = listSales(db, period, ALL).reverse();
  const paidBy = (sale: Sale, method: PaymentMethod) =>
    amount(
      sale.payments.filter((payment) => payment.method === method).reduce((sum, payment) => sum + payment.amount, 0),
    );
  return csvOf(
    [
      'Receipt',
      'Date',
      'Kind',
      'Customer',
      'Items',
      'Subtotal',
      'Discount',
      'Total',
      'Tips',
      'Cash',
      'Card',
      'Voucher',
      'Other',
      'Refunded',
      'Taken by',
    ],
    sales.map((sale) => [
      sale.number,
      sale.day,
      sale.kind,
      asText(sale.customer?.name ?? ''),
      asText(sale.items.map((item) => item.description).join('; ')),
      amount(sale.subtotal),
      amount(sale.discount?.amount ?? 0),
      amount(sale.total),
      amount(sale.tips.reduce((sum, tip) => sum + tip.amount, 0)),
      ...PAYMENT_METHODS.map((method) => paidBy(sale, method)),
      amount(sale.refunded),
      asText(sale.takenBy.name),
    ]),
  );
}

function tipsCsv(db: DbOrTx, period: ReportPeriod): string {
  return csvOf(
    ['Date', 'Receipt', 'Specialist', 'Tip'],
    listTips(db, period)
      .tips.reverse()
      .map((tip) => [tip.day, tip.saleNumber, asText(tip.specialist.name), amount(tip.amount)]),
  );
}

/** The gift vouchers sold in the period, with what is left on each today; codes masked (a code spends like cash). */
function vouchersCsv(db: DbOrTx, config: Pick<Config, 'timezone'>, period: ReportPeriod): string {
  return csvOf(
    ['Code', 'Sold on', 'Value', 'Balance', 'Expires on', 'Status', 'Buyer', 'Recipient'],
    vouchersSoldBetween(db, config.timezone, period).map(({ voucher, day }) => [
      maskedCode(voucher.code),
      day,
      amount(voucher.value),
      amount(voucher.balance),
      voucher.expiresOn,
      voucher.status,
      asText(voucher.buyerName ?? ''),
      asText(voucher.recipientName ?? ''),
    ]),
  );
}

function refundsCsv(db: DbOrTx, period: ReportPeriod): string {
  return csvOf(
    ['Date', 'Receipt', 'Method', 'Amount', 'Reason', 'By'],
    statementsOf(db)
      .refunds.all(period)
      .map((row) => [row.day, row.receipt, row.method, amount(row.cents / 100), asText(row.reason), asText(row.by)]),
  );
}

function cashUpsCsv(db: DbOrTx, period: ReportPeriod): string {
  return csvOf(
    ['Date', 'Float', 'Expected', 'Counted', 'Difference', 'Note', 'By'],
    listCashUps(db, period)
      .reverse()
      .map((cashUp) => [
        cashUp.date,
        amount(cashUp.float),
        amount(cashUp.expected),
        amount(cashUp.counted),
        amount(cashUp.difference),
        asText(cashUp.note ?? ''),
        asText(cashUp.by),
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
  if (table === 'sales') return { filename, csv: salesCsv(db, period) };
  if (table === 'tips') return { filename, csv: tipsCsv(db, period) };
  if (table === 'vouchers') return { filename, csv: vouchersCsv(db, config, period) };
  if (table === 'refunds') return { filename, csv: refundsCsv(db, period) };
  if (table === 'cash-ups') return { filename, csv: cashUpsCsv(db, period) };
  const report = salonReport(db, config, period);
  return { filename, csv: table === 'services' ? servicesCsv(report) : specialistsCsv(report) };
}
