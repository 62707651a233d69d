// The till (README "The till"): a sale at the end of a visit or at the desk, its payments, tips and
// refunds, gift vouchers and the day's cash-up. Money crosses the API in dollars, to the cent, and
// is counted in whole cents on the server (domain/sales.ts). Payments are recorded, not processed.
import { z } from 'zod';
import {
  DISCOUNT_PERCENT_MAX,
  DISCOUNT_PERCENT_MIN,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PAYMENT_METHODS,
  REASON_MAX_LENGTH,
  SALE_ITEMS_MAX,
  SALE_KINDS,
  SALE_PAYMENTS_MAX,
  SALE_TIPS_MAX,
  TILL_AMOUNT_MAX,
  TITLE_MAX_LENGTH,
  VOUCHER_VALUE_MAX,
} from '@/shared/constants';
import {
  blankToUndefined,
  calendarDayField,
  idempotencyKeyField,
  idField,
  numberFromText,
  reasonField,
  requiredNumber,
  tooLongMessage,
  whenFieldsValid,
} from './fields';
import { periodFields, periodRules, REPORT_PERIOD_MISSING, reportPeriodSchema } from './reports';

/** Whole cents: an amount in dollars with at most two decimals. */
export const isWholeCents = (dollars: number): boolean => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/** An amount in dollars named `label`: a number from `min` to `max`, to the cent. */
export const moneyField = (label: string, { min = 0, max = TILL_AMOUNT_MAX }: { min?: number; max?: number } = {}) =>
  numberFromText(
    requiredNumber(`${label} is required`, `${label} must be a number`)
      .min(
        min,
        min === 0
          ? `${label} cannot be negative`
          : min < 1
            ? `${label} must be more than 0`
            : `${label} must be at least ${String(min)}`,
      )
      .max(max, `${label} must be at most ${String(max)}`)
      .refine(isWholeCents, `${label} must be in whole cents`),
  );

/** Optional text a person types at the till, blank reads as not given. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string(`${label} must be text`).trim().max(max, tooLongMessage(label, max)).optional(),
  );

const optionalId = z.preprocess(blankToUndefined, idField.optional());

/** An address to mail a receipt or a voucher to; blank reads as not given. */
const optionalEmail = z.preprocess(
  blankToUndefined,
  z
    .string('Enter a valid email')
    .trim()
    .max(EMAIL_MAX_LENGTH, tooLongMessage('Email', EMAIL_MAX_LENGTH))
    .pipe(z.email('Enter a valid email'))
    .optional(),
);

/** Why money goes back or a voucher stops: required, within the reasons' limit. */
const requiredReason = (message: string) =>
  z.string(message).trim().min(1, message).max(REASON_MAX_LENGTH, tooLongMessage('Reason', REASON_MAX_LENGTH));

export const CODE_MAX_LENGTH = 40;
const voucherCodeField = z
  .string('Enter the voucher code')
  .trim()
  .min(1, 'Enter the voucher code')
  .max(CODE_MAX_LENGTH, 'This is not a voucher code');

// ------------------------------------------------------------------ checkout

export const SALE_ITEM_NAMELESS = 'Choose a service or describe the item';
export const PRICE_CHANGE_NEEDS_REASON = 'Say why the price changed';

/**
 * One line of a sale as the till sends it. `booking`: an item of the visit, at a changed price
 * (a reason is required when it differs from the booked one); otherwise an item added on the spot:
 * a service (by id) or a product described in words, at its price, done by `specialist` if given.
 */
export const saleItemInputSchema = z
  .object({
    booking: optionalId,
    service: optionalId,
    specialist: optionalId,
    description: optionalText('Description', TITLE_MAX_LENGTH),
    price: moneyField('Price'),
    reason: reasonField,
  })
  .refine((item) => item.booking !== undefined || item.service !== undefined || item.description !== undefined, {
    message: SALE_ITEM_NAMELESS,
    path: ['description'],
  });
export type SaleItemInput = z.output<typeof saleItemInputSchema>;

export const DISCOUNT_ONE_OF = 'Give the discount as an amount or as a percent: one of the two';

/** A discount on the whole sale: an amount in dollars or a percent of the items. */
export const saleDiscountSchema = z
  .object({
    amount: z.preprocess(blankToUndefined, moneyField('Discount', { min: 0.01 }).optional()),
    percent: z.preprocess(
      blankToUndefined,
      numberFromText(
        requiredNumber('Percent is required', 'Percent must be a number')
          .int('Percent must be a whole number')
          .min(
            DISCOUNT_PERCENT_MIN,
            `Percent must be from ${String(DISCOUNT_PERCENT_MIN)} to ${String(DISCOUNT_PERCENT_MAX)}`,
          )
          .max(
            DISCOUNT_PERCENT_MAX,
            `Percent must be from ${String(DISCOUNT_PERCENT_MIN)} to ${String(DISCOUNT_PERCENT_MAX)}`,
          ),
      ).optional(),
    ),
    reason: reasonField,
  })
  .refine((discount) => (discount.amount === undefined) !== (discount.percent === undefined), {
    message: DISCOUNT_ONE_OF,
    path: ['amount'],
    when: whenFieldsValid('amount', 'percent'),
  });

export const VOUCHER_CODE_NEEDED = 'Enter the voucher code';
export const CODE_ONLY_FOR_VOUCHERS = 'Only a voucher payment has a code';

/** One payment line: how much, by which method; a voucher's code with a voucher payment. */
export const paymentInputSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, 'Method must be cash, card, voucher or other'),
    amount: moneyField('Amount', { min: 0.01 }),
    code: z.preprocess(blankToUndefined, voucherCodeField.optional()),
  })
  .refine((payment) => payment.method !== 'voucher' || payment.code !== undefined, {
    message: VOUCHER_CODE_NEEDED,
    path: ['code'],
    when: whenFieldsValid('method', 'code'),
  })
  .refine((payment) => payment.method === 'voucher' || payment.code === undefined, {
    message: CODE_ONLY_FOR_VOUCHERS,
    path: ['code'],
    when: whenFieldsValid('method', 'code'),
  });
export type PaymentInput = z.output<typeof paymentInputSchema>;

/** A tip for one of the sale's specialists. */
export const tipInputSchema = z.object({
  specialistId: idField,
  amount: moneyField('Tip', { min: 0.01 }),
});

/**
 * `POST /admin/sales`: a visit's checkout (`visitId`: it starts from the visit's items at their
 * booked prices) or a walk-in sale (items only). The payments cover the total plus the tips.
 * `idempotencyKey`: sent again with it, the sale is not taken twice (the first one answers).
 */
export const createSaleSchema = z
  .object({
    visitId: optionalId,
    items: z
      .array(saleItemInputSchema, 'Items must be a list')
      .max(SALE_ITEMS_MAX, `A sale can have at most ${String(SALE_ITEMS_MAX)} items`)
      .default([]),
    discount: saleDiscountSchema.optional(),
    payments: z
      .array(paymentInputSchema, 'Payments must be a list')
      .max(SALE_PAYMENTS_MAX, `A sale can have at most ${String(SALE_PAYMENTS_MAX)} payments`)
      .default([]),
    tips: z
      .array(tipInputSchema, 'Tips must be a list')
      .max(SALE_TIPS_MAX, `A sale can have at most ${String(SALE_TIPS_MAX)} tips`)
      .default([]),
    /** A walk-in's name for the receipt (a visit's is its customer's). */
    customerName: optionalText('Name', NAME_MAX_LENGTH),
    idempotencyKey: idempotencyKeyField,
  })
  .refine((sale) => sale.visitId !== undefined || sale.items.length > 0, {
    message: 'Add at least one item',
    path: ['items'],
    when: whenFieldsValid('visitId', 'items'),
  });
export type CreateSaleInput = z.input<typeof createSaleSchema>;

const named = z.object({ _id: z.string(), name: z.string() });
const money = z.number().meta({ description: 'In dollars, to the cent.' });

export const saleSchema = z
  .object({
    _id: z.string(),
    /** The receipt number: 1, 2, 3 ... in the order sales were taken. */
    number: z.number().int(),
    kind: z.enum(SALE_KINDS),
    /** The visit it closed; null for a walk-in or a voucher sale. */
    visitId: z.string().nullable(),
    customer: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
    /** The salon day it was taken, `YYYY-MM-DD`. */
    day: z.string(),
    createdAt: z.iso.datetime(),
    items: z.array(
      z.object({
        /** The visit's item (a booking) it charges for; null: added at the till. */
        booking: z.string().nullable(),
        service: named.nullable(),
        specialist: named.nullable(),
        description: z.string(),
        /** The price as booked; null for an item added at the till. */
        bookedPrice: money.nullable(),
        price: money,
        reason: z.string().nullable(),
      }),
    ),
    subtotal: money,
    discount: z
      .object({ amount: money, percent: z.number().int().nullable(), reason: z.string().nullable() })
      .nullable(),
    /** The items less the discount. */
    total: money,
    tips: z.array(z.object({ specialist: named, amount: money })),
    /** The total plus the tips: what the payments cover. */
    paid: money,
    payments: z.array(
      z.object({
        method: z.enum(PAYMENT_METHODS),
        amount: money,
        voucher: z.object({ _id: z.string(), code: z.string() }).nullable(),
      }),
    ),
    refunds: z.array(
      z.object({
        _id: z.string(),
        amount: money,
        method: z.enum(PAYMENT_METHODS),
        reason: z.string(),
        by: z.string(),
        createdAt: z.iso.datetime(),
      }),
    ),
    refunded: money,
    /** The gift voucher this sale sold, if it was one. */
    voucher: z.object({ _id: z.string(), code: z.string() }).nullable(),
    takenBy: named,
  })
  .meta({ id: 'Sale' });
export type Sale = z.infer<typeof saleSchema>;

/** `GET /admin/sales?from=&to=`: the sales taken on those salon days, newest first, at most SALES_LIST_MAX (the CSV export has all). */
export const salesPeriodSchema = reportPeriodSchema;

// ------------------------------------------------------------------ refunds and receipts

export const REFUND_REASON_REQUIRED = 'Say why the money is refunded';

/** `POST /admin/sales/{id}/refunds`: part or all of a sale back, by one method, with a reason. */
export const refundInputSchema = z.object({
  id: idField,
  amount: moneyField('Amount', { min: 0.01 }),
  method: z.enum(PAYMENT_METHODS, 'Method must be cash, card, voucher or other'),
  reason: requiredReason(REFUND_REASON_REQUIRED),
  idempotencyKey: idempotencyKeyField,
});

/** `POST /admin/sales/{id}/receipt`: the receipt by e-mail, to the customer's address or another. */
export const sendReceiptSchema = z.object({
  id: idField,
  email: optionalEmail,
});

export const receiptSentSchema = z.object({ _id: z.string(), sentTo: z.string() }).meta({ id: 'ReceiptSent' });

// ------------------------------------------------------------------ gift vouchers

export const VOUCHER_PAYMENT_METHODS = ['cash', 'card', 'other'] as const;

/**
 * `POST /admin/vouchers`: a gift voucher sold at the desk, a sale of its own paid by `method`
 * (card when not said); `expiresOn` defaults to twelve months on; `email` gets the voucher.
 */
export const createVoucherSchema = z.object({
  value: moneyField('Value', { min: 1, max: VOUCHER_VALUE_MAX }),
  buyerName: optionalText('Buyer', NAME_MAX_LENGTH),
  recipientName: optionalText('Recipient', NAME_MAX_LENGTH),
  expiresOn: z.preprocess(blankToUndefined, calendarDayField('Expiry').optional()),
  method: z.enum(VOUCHER_PAYMENT_METHODS, 'A voucher is paid by cash, card or other').default('card'),
  email: optionalEmail,
  idempotencyKey: idempotencyKeyField,
});
export type CreateVoucherInput = z.input<typeof createVoucherSchema>;

export const VOUCHER_STATUSES = ['active', 'spent', 'expired', 'void'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const voucherSchema = z
  .object({
    _id: z.string(),
    /** `XXXX-XXXX-XXXX`: twelve letters and digits, hard to guess. */
    code: z.string(),
    value: money,
    balance: money,
    expiresOn: z.string(),
    status: z.enum(VOUCHER_STATUSES),
    buyerName: z.string().nullable(),
    recipientName: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** The sale that sold it. */
    saleId: z.string(),
  })
  .meta({ id: 'Voucher' });
export type Voucher = z.infer<typeof voucherSchema>;

/**
 * What happens to a voucher: sold; spent on a sale (`redeemed`); a refund of such a sale put back
 * on it (`refunded`); money for the voucher itself given back to its buyer (`returned`); voided.
 */
export const VOUCHER_EVENTS = ['sold', 'redeemed', 'refunded', 'returned', 'voided'] as const;

export const voucherDetailsSchema = voucherSchema
  .extend({
    voidReason: z.string().nullable(),
    /** What happened to it, oldest first; `amount` moves the balance (negative: spent). */
    history: z.array(
      z.object({
        event: z.enum(VOUCHER_EVENTS),
        amount: money,
        at: z.iso.datetime(),
        by: z.string(),
        saleId: z.string().nullable(),
        saleNumber: z.number().int().nullable(),
      }),
    ),
  })
  .meta({ id: 'VoucherDetails' });
export type VoucherDetails = z.infer<typeof voucherDetailsSchema>;

/** `GET /admin/vouchers/{code}`: dashes and case do not matter. */
export const voucherByCodeSchema = z.object({ code: voucherCodeField });

export const VOID_REASON_REQUIRED = 'Say why the voucher is void';
export const voidVoucherSchema = z.object({
  id: idField,
  reason: requiredReason(VOID_REASON_REQUIRED),
});

// ------------------------------------------------------------------ cash-up

/** `POST /admin/cash-ups`: the cash counted in the drawer at a day's end, with the float it started with. */
export const createCashUpSchema = z.object({
  date: calendarDayField('Date'),
  counted: moneyField('Counted cash'),
  float: z.preprocess(blankToUndefined, moneyField('Float').optional()),
  note: optionalText('Note', REASON_MAX_LENGTH),
});
export type CreateCashUpInput = z.input<typeof createCashUpSchema>;

export const cashUpSchema = z
  .object({
    _id: z.string(),
    date: z.string(),
    float: money,
    /** Cash taken that day less cash refunded, plus the float. */
    expected: money,
    counted: money,
    /** Counted less expected: negative when cash is missing. */
    difference: money,
    note: z.string().nullable(),
    by: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CashUp' });
export type CashUp = z.infer<typeof cashUpSchema>;

/** `GET /admin/cash-ups?from=&to=`: the cash-ups of those days, newest first. */
export const cashUpsPeriodSchema = reportPeriodSchema;

// ------------------------------------------------------------------ tips

/** `GET /admin/tips?from=&to=[&specialistId=]`: tips of a period; a specialist's account sees its own only. */
export const tipsQuerySchema = periodRules(
  z.object({ ...periodFields, specialistId: optionalId }, REPORT_PERIOD_MISSING),
);

export const tipsSchema = z
  .object({
    total: money,
    tips: z.array(z.object({ day: z.string(), saleNumber: z.number().int(), specialist: named, amount: money })),
  })
  .meta({ id: 'Tips' });
