// A receipt (README "The till"): the rows the printed receipt and the e-mailed one both show, from
// a sale as the API answers it, so the two never differ.
import type { PaymentMethod } from '@/shared/constants';
import { formatCentsExact, toCents } from '@/shared/money';
import type { Sale } from '@/shared/schemas/sales';
import { formatDayWithWeekday } from '@/shared/time-format';

/** A receipt's facts, already worded; amounts in whole cents. */
export interface ReceiptFacts {
  number: number;
  /** The day it was taken, worded. */
  when: string;
  customerName: string | null;
  lines: { description: string; detail: string | null; cents: number }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  tips: { name: string; cents: number }[];
  payments: { label: string; cents: number }[];
  refundedCents: number;
  takenBy: string;
}

export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  voucher: 'Gift voucher',
  other: 'Other',
};

/**
 * A voucher's code as a receipt, a sale's line or a CSV shows it: the last four signs only
 * (`••••-••••-AB7K`). The code spends like cash; only the voucher itself and its own mail carry it whole.
 */
export const maskedCode = (code: string): string => `••••-••••-${code.slice(-4)}`;

/** What a sale's receipt says. */
export function receiptOf(sale: Sale): ReceiptFacts {
  return {
    number: sale.number,
    when: formatDayWithWeekday(sale.day),
    customerName: sale.customer === null || sale.customer.name === '' ? null : sale.customer.name,
    lines: sale.items.map((item) => ({
      description: item.description,
      detail: item.specialist?.name ?? null,
      cents: toCents(item.price),
    })),
    subtotalCents: toCents(sale.subtotal),
    discountCents: toCents(sale.discount?.amount ?? 0),
    totalCents: toCents(sale.total),
    tips: sale.tips.map((tip) => ({ name: tip.specialist.name, cents: toCents(tip.amount) })),
    payments: sale.payments.map((payment) => ({
      label: payment.voucher
        ? `gift voucher ${maskedCode(payment.voucher.code)}`
        : PAYMENT_METHOD_NAMES[payment.method].toLowerCase(),
      cents: toCents(payment.amount),
    })),
    refundedCents: toCents(sale.refunded),
    takenBy: sale.takenBy.name,
  };
}

/** The rows of a receipt, label and amount, in order. */
export function receiptRows(receipt: ReceiptFacts): { label: string; amount: string; strong?: boolean }[] {
  return [
    ...receipt.lines.map((line) => ({
      label: line.detail === null ? line.description : `${line.description} (${line.detail})`,
      amount: formatCentsExact(line.cents),
    })),
    ...(receipt.discountCents === 0
      ? []
      : [
          { label: 'Subtotal', amount: formatCentsExact(receipt.subtotalCents) },
          { label: 'Discount', amount: formatCentsExact(-receipt.discountCents) },
        ]),
    { label: 'Total', amount: formatCentsExact(receipt.totalCents), strong: true },
    ...receipt.tips.map((tip) => ({ label: `Tip for ${tip.name}`, amount: formatCentsExact(tip.cents) })),
    ...receipt.payments.map((payment) => ({
      label: `Paid by ${payment.label}`,
      amount: formatCentsExact(payment.cents),
    })),
    ...(receipt.refundedCents === 0 ? [] : [{ label: 'Refunded', amount: formatCentsExact(-receipt.refundedCents) }]),
  ];
}
