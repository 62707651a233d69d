// Reports (README "Reports"): the period asked for and what the report answers. Money is a number
// in the services' currency, to the cent; rates are 0 to 1.
import { z } from 'zod';
import { BOOKING_STATUSES, PAYMENT_METHODS } from '@/shared/constants';
import { calendarDayField, whenFieldsValid } from './fields';

/** The longest period one report covers, in days (a leap year). */
export const REPORT_MAX_DAYS = 366;
export const REPORT_PERIOD_TOO_LONG = `A report covers at most ${String(REPORT_MAX_DAYS)} days. Choose a shorter period.`;
export const REPORT_PERIOD_REVERSED = 'The end of the period must not be before its start.';

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included (calendar days, read on UTC midnight). */
export const daysInPeriod = (from: string, to: string): number =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

export const periodFields = { from: calendarDayField('From'), to: calendarDayField('To') };
/** Said when no period is given at all (a query without input). */
export const REPORT_PERIOD_MISSING = 'Choose a period: from and to.';

/** A period's rules: it runs forward, and for at most REPORT_MAX_DAYS days. */
export const periodRules = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((value) => value.from <= value.to, {
      message: REPORT_PERIOD_REVERSED,
      path: ['to'],
      when: whenFieldsValid('from', 'to'),
    })
    .refine((value) => daysInPeriod(value.from, value.to) <= REPORT_MAX_DAYS, {
      message: REPORT_PERIOD_TOO_LONG,
      path: ['to'],
      when: whenFieldsValid('from', 'to'),
    });

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both days included, at most REPORT_MAX_DAYS days. */
export const reportPeriodSchema = periodRules(z.object(periodFields, REPORT_PERIOD_MISSING));
export type ReportPeriod = z.output<typeof reportPeriodSchema>;

const money = z.number().meta({ description: 'In the services’ currency, to the cent.' });
const named = z.object({ _id: z.string(), name: z.string() });
/** An amount per payment method. */
const byMethod = z.object(
  Object.fromEntries(PAYMENT_METHODS.map((method) => [method, money])) as Record<
    (typeof PAYMENT_METHODS)[number],
    typeof money
  >,
);

export const salonReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /**
     * What the period's completed bookings were paid at the till (their price as booked where no
     * sale closed them), plus what was sold at the till without a booking; tips and gift vouchers
     * sold are not takings (a voucher counts when it is spent).
     */
    takings: money,
    /** Sum of the prices of the period's pending and confirmed bookings (still to come or to be closed). */
    bookedAhead: money,
    /** Bookings of the period that hold time (every status but cancelled). */
    bookings: z.number().int(),
    /** Cancelled bookings over all bookings of the period, 0 to 1. */
    cancellationRate: z.number(),
    byStatus: z.object(
      Object.fromEntries(BOOKING_STATUSES.map((status) => [status, z.number().int()])) as Record<
        (typeof BOOKING_STATUSES)[number],
        z.ZodNumber
      >,
    ),
    /** Every service with bookings in the period or still offered; `count` leaves out cancelled bookings. */
    byService: z.array(z.object({ service: named, count: z.number().int(), takings: money })),
    /**
     * Every specialist with bookings in the period or still working; `utilisation` is booked minutes
     * over scheduled working minutes (hours less breaks, closed days and time off), null when none
     * were scheduled.
     */
    bySpecialist: z.array(
      z.object({
        specialist: named,
        count: z.number().int(),
        takings: money,
        utilisation: z.number().nullable(),
        bookedMinutes: z.number().int(),
        scheduledMinutes: z.number().int(),
      }),
    ),
    /**
     * Customers with a booking in the period (not cancelled): `new` had none before the period,
     * `returning` had.
     */
    customers: z.object({ new: z.number().int(), returning: z.number().int() }),
    /** Bookings of the period (not cancelled) made from a time offered to the waitlist (README "Waitlist"). */
    fromWaitlist: z.number().int(),
    /** Bookings of the period (not cancelled) made after a nudge to rebook (README "Nudges to rebook"). */
    fromNudge: z.number().int(),
    /** Every day of the period: bookings that hold time, and the takings of the completed ones. */
    perDay: z.array(z.object({ date: z.string(), count: z.number().int(), takings: money })),
    /**
     * Payments at the till on the period's days by method, tips and gift voucher sales included
     * (README "The till"); `voucher` is vouchers spent, so `total` (the money that came in) is cash,
     * card and other only.
     */
    takingsByMethod: byMethod.extend({ total: money }),
    /** Discounts given on the period's sales, and on how many. */
    discounts: z.object({ total: money, count: z.number().int() }),
    /** Tips given on the period's sales, per specialist. */
    tips: z.object({ total: money, bySpecialist: z.array(z.object({ specialist: named, amount: money })) }),
    /**
     * Gift vouchers sold on the period's days (their value), spent on them, and the balance still
     * to be spent on every valid voucher today: what the salon owes.
     */
    vouchers: z.object({ sold: money, soldCount: z.number().int(), redeemed: money, outstanding: money }),
    /** Refunds on the period's days, by method; `total` is the money given back (a voucher's credit is not). */
    refunds: z.object({ total: money, count: z.number().int(), byMethod }),
  })
  .meta({ id: 'SalonReport' });
export type SalonReport = z.infer<typeof salonReportSchema>;

/** The tables a report exports as CSV. */
export const REPORT_CSV_TABLES = [
  'bookings',
  'services',
  'specialists',
  'sales',
  'tips',
  'vouchers',
  'refunds',
  'cash-ups',
] as const;
export type ReportCsvTable = (typeof REPORT_CSV_TABLES)[number];

/** `GET /admin/reports/{table}.csv?from=&to=`: one of the report's tables as a CSV file. */
export const reportCsvQuerySchema = periodRules(
  z.object(
    { ...periodFields, table: z.enum(REPORT_CSV_TABLES, `Table must be one of ${REPORT_CSV_TABLES.join(', ')}`) },
    REPORT_PERIOD_MISSING,
  ),
);

export const reportCsvSchema = z
  .object({
    /** The name to save it under, e.g. `bookings-2026-11-01-to-2026-11-30.csv`. */
    filename: z.string(),
    /** UTF-8 with a byte-order mark, a header row, CRLF line ends. */
    csv: z.string(),
  })
  .meta({ id: 'ReportCsv' });
