// The checkout form's values and what they come to (README "The till"). The form keeps a line per
// item, a tip per specialist and a line per payment; `saleInputOf` turns them into the call's
// input, checked by the shared `createSaleSchema` (one schema for the form and the server), whose
// messages `checkoutErrors` puts back under the form's fields. Amounts are summed in whole cents.
import type { FormErrors } from '@mantine/form';
import type { PaymentMethod } from '@/shared/constants';
import { fromCents, toCents } from '@/client/lib/format';
import { createSaleSchema, PRICE_CHANGE_NEEDS_REASON, type CreateSaleInput } from '@/shared/schemas/sales';

/** A number field's value: a number, or the text being typed ('' when blank). */
export type AmountValue = number | string;

export interface CheckoutLine {
  /** Keeps a line's fields in place as lines come and go. */
  key: string;
  /** The visit's item it charges for (booked), or null for one added at the till. */
  booking: string | null;
  service: string | null;
  specialist: string | null;
  specialistName: string | null;
  /** The service's name, or the product as typed. */
  description: string;
  /** The booked price (null: added at the till, no reason needed to change it). */
  bookedPrice: number | null;
  price: AmountValue;
  reason: string;
}

export interface CheckoutPayment {
  key: string;
  method: PaymentMethod;
  amount: AmountValue;
  code: string;
}

export type DiscountMode = 'amount' | 'percent';

export interface CheckoutValues {
  /** A walk-in's name for the receipt (a visit's is its customer's). */
  customerName: string;
  items: CheckoutLine[];
  discountMode: DiscountMode;
  discount: AmountValue;
  discountReason: string;
  /** By specialist id: the tip for each specialist of the sale. */
  tips: Record<string, AmountValue>;
  payments: CheckoutPayment[];
}

/** A visit's item as the back office lists it. */
export interface VisitItem {
  _id: string;
  service: { _id: string; name: string };
  specialist: { _id: string; name: string };
  price: number;
  status: string;
}

/** What a checkout starts from: a visit (its customer and items), or nothing (a walk-in sale). */
export interface CheckoutVisit {
  visitId: string;
  customerName: string;
  items: readonly VisitItem[];
}

let nextKey = 0;
export const newKey = (): string => `line-${String((nextKey += 1))}`;

export const newPayment = (method: PaymentMethod = 'card', amount: AmountValue = ''): CheckoutPayment => ({
  key: newKey(),
  method,
  amount,
  code: '',
});

/** The visit's items that are not cancelled, at their booked prices; one payment line, by card, for them all. */
export function initialCheckoutValues(visit: CheckoutVisit | null): CheckoutValues {
  const items = (visit?.items ?? [])
    .filter((item) => item.status !== 'cancelled')
    .map((item) => ({
      key: newKey(),
      booking: item._id,
      service: item.service._id,
      specialist: item.specialist._id,
      specialistName: item.specialist.name,
      description: item.service.name,
      bookedPrice: item.price,
      price: item.price,
      reason: '',
    }));
  // Most visits are paid in one go: the one payment line starts at what the items come to.
  const totalCents = items.reduce((sum, line) => sum + toCents(line.bookedPrice), 0);
  return {
    customerName: '',
    items,
    discountMode: 'amount',
    discount: '',
    discountReason: '',
    tips: {},
    payments: [newPayment('card', totalCents === 0 ? '' : fromCents(totalCents))],
  };
}

/** A number field's value as a number, or null while it is blank or not a number. */
export function amountOf(value: AmountValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

const centsOf = (value: AmountValue): number => {
  const amount = amountOf(value);
  return amount === null ? 0 : toCents(amount);
};

/** A line's price differs from the booked one, so it needs a reason. */
export const priceChanged = (line: CheckoutLine): boolean =>
  line.bookedPrice !== null && amountOf(line.price) !== null && centsOf(line.price) !== toCents(line.bookedPrice);

/** The sale's specialists, each once, in the order of the lines: who may get a tip. */
export function tipTargets(values: Pick<CheckoutValues, 'items'>): { _id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const line of values.items) {
    if (line.specialist !== null && !seen.has(line.specialist)) seen.set(line.specialist, line.specialistName ?? '');
  }
  return [...seen].map(([_id, name]) => ({ _id, name }));
}

export interface CheckoutSummary {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  tipsCents: number;
  /** The total plus the tips: what the payments must come to. */
  dueCents: number;
  paidCents: number;
  /** Still to pay; negative when the payments come to more. */
  leftCents: number;
}

/** What the form comes to as it is typed, as the server will count it (a percent rounds half a cent up). */
export function checkoutSummary(values: CheckoutValues): CheckoutSummary {
  const subtotalCents = values.items.reduce((sum, line) => sum + centsOf(line.price), 0);
  const discountValue = amountOf(values.discount) ?? 0;
  const discountCents =
    values.discountMode === 'percent'
      ? Math.round((subtotalCents * discountValue) / 100)
      : Math.min(toCents(discountValue), subtotalCents);
  const totalCents = subtotalCents - Math.max(0, discountCents);
  const tipsCents = tipTargets(values).reduce((sum, target) => sum + centsOf(values.tips[target._id] ?? ''), 0);
  const dueCents = totalCents + tipsCents;
  const paidCents = values.payments.reduce((sum, payment) => sum + centsOf(payment.amount), 0);
  return { subtotalCents, discountCents, totalCents, tipsCents, dueCents, paidCents, leftCents: dueCents - paidCents };
}

const blankOr = <T>(value: T): T | undefined => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The specialists whose tips are sent, in the order sent (a blank tip is not sent). */
const sentTips = (values: CheckoutValues) =>
  tipTargets(values).filter((target) => blankOr(values.tips[target._id] ?? '') !== undefined);

/** The call's input: every line (a visit's at its price, changed or not), the discount, tips and payments. */
export function saleInputOf(values: CheckoutValues, visitId: string | null): CreateSaleInput {
  const discount = blankOr(values.discount);
  return {
    ...(visitId === null ? {} : { visitId }),
    items: values.items.map((line) =>
      line.booking !== null
        ? { booking: line.booking, price: line.price, reason: blankOr(line.reason) }
        : {
            service: line.service ?? undefined,
            specialist: line.specialist ?? undefined,
            description: line.service === null ? line.description : undefined,
            price: line.price,
          },
    ),
    ...(discount === undefined
      ? {}
      : { discount: { [values.discountMode]: discount, reason: blankOr(values.discountReason) } }),
    payments: values.payments.map((payment) => ({
      method: payment.method,
      amount: payment.amount,
      code: payment.method === 'voucher' ? blankOr(payment.code) : undefined,
    })),
    tips: sentTips(values).map((target) => ({
      specialistId: target._id,
      amount: values.tips[target._id],
    })),
    ...(visitId === null ? { customerName: blankOr(values.customerName) } : {}),
  };
}

/**
 * The call's field paths as the form's: `discount.percent` is the discount field, `tips.0.amount`
 * the field of the first tip sent.
 */
export function formPathOf(path: string, values: CheckoutValues): string {
  const [head, index, field] = path.split('.');
  if (head === 'discount') return field === undefined && index === 'reason' ? 'discountReason' : 'discount';
  if (head === 'tips' && index !== undefined) {
    const target = sentTips(values)[Number(index)];
    return target ? `tips.${target._id}` : 'tips';
  }
  if (head === 'items' && field === 'service') return `items.${index ?? ''}.description`;
  return path;
}

/** Renames a refused call's field messages to the form's paths. */
export function checkoutFormErrors(errors: Record<string, string>, values: CheckoutValues): FormErrors {
  const renamed: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const formPath = formPathOf(path, values);
    if (!(formPath in renamed)) renamed[formPath] = message;
  }
  return renamed;
}

/** The shared schema's messages under the form's fields, and a reason asked for a changed price. */
export function checkoutErrors(values: CheckoutValues, visitId: string | null): FormErrors {
  const errors: Record<string, string> = {};
  const parsed = createSaleSchema.safeParse(saleInputOf(values, visitId));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!(path in errors)) errors[path] = issue.message;
    }
  }
  values.items.forEach((line, index) => {
    const path = `items.${String(index)}.reason`;
    if (priceChanged(line) && line.reason.trim() === '' && !(path in errors)) errors[path] = PRICE_CHANGE_NEEDS_REASON;
  });
  if (values.payments.length === 0 && !('payments' in errors)) errors.payments = 'Add a payment';
  return checkoutFormErrors(errors, values);
}
