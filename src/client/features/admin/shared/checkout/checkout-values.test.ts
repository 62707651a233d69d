import { describe, expect, it } from 'vitest';
import { PRICE_CHANGE_NEEDS_REASON } from '@/shared/schemas/sales';
import {
  checkoutErrors,
  checkoutFormErrors,
  checkoutSummary,
  initialCheckoutValues,
  newPayment,
  saleInputOf,
  type CheckoutValues,
} from './checkout-values';

const visit = {
  visitId: 'v1',
  customerName: 'Clara Demo',
  items: [
    {
      _id: 'b1',
      service: { _id: 's1', name: 'Haircut' },
      specialist: { _id: 'p1', name: 'Anna' },
      price: 45,
      status: 'confirmed',
    },
    {
      _id: 'b2',
      service: { _id: 's2', name: 'Colour' },
      specialist: { _id: 'p2', name: 'Leila' },
      price: 95,
      status: 'confirmed',
    },
    {
      _id: 'b3',
      service: { _id: 's3', name: 'Manicure' },
      specialist: { _id: 'p1', name: 'Anna' },
      price: 25,
      status: 'cancelled',
    },
  ],
};

const start = (): CheckoutValues => initialCheckoutValues(visit);

describe('the checkout form', () => {
  it('starts from the visit’s items that are not cancelled, with one card payment for them all', () => {
    const values = start();
    expect(values.items.map((line) => [line.description, line.price])).toEqual([
      ['Haircut', 45],
      ['Colour', 95],
    ]);
    expect(values.payments.map((payment) => [payment.method, payment.amount])).toEqual([['card', 140]]);
    expect(checkoutSummary(values)).toMatchObject({ subtotalCents: 14000, totalCents: 14000, leftCents: 0 });
  });

  it('sums a percent discount, tips and payment lines to the cent as the server does', () => {
    const values: CheckoutValues = {
      ...start(),
      discountMode: 'percent',
      discount: 15,
      tips: { p1: '5', p2: 2.5 },
      payments: [newPayment('voucher', 30), newPayment('cash', '')],
    };
    // 15 % of $140 is $21; $119 plus $7.50 of tips.
    expect(checkoutSummary(values)).toEqual({
      subtotalCents: 14000,
      discountCents: 2100,
      totalCents: 11900,
      tipsCents: 750,
      dueCents: 12650,
      paidCents: 3000,
      leftCents: 9650,
    });
  });

  it('sends every line, the discount as asked, the tips given and the voucher’s code only with a voucher', () => {
    const values: CheckoutValues = {
      ...start(),
      discount: '10',
      discountReason: ' ',
      tips: { p2: '3' },
      payments: [
        { ...newPayment('card', 100), code: 'stale' },
        { ...newPayment('voucher', 43), code: 'ABCD-EFGH-JKLM' },
      ],
    };
    expect(saleInputOf(values, 'v1')).toEqual({
      visitId: 'v1',
      items: [
        { booking: 'b1', price: 45, reason: undefined },
        { booking: 'b2', price: 95, reason: undefined },
      ],
      discount: { amount: '10', reason: undefined },
      payments: [
        { method: 'card', amount: 100, code: undefined },
        { method: 'voucher', amount: 43, code: 'ABCD-EFGH-JKLM' },
      ],
      tips: [{ specialistId: 'p2', amount: '3' }],
    });
  });

  it('asks why a price changed and puts the shared schema’s messages under the form’s fields', () => {
    const values = start();
    values.items[0] = { ...values.items[0]!, price: 50 };
    values.payments = [{ ...newPayment('voucher', 140), code: '' }];
    const errors = checkoutErrors(values, 'v1');
    expect(errors['items.0.reason']).toBe(PRICE_CHANGE_NEEDS_REASON);
    expect(errors['payments.0.code']).toBe('Enter the voucher code');
  });

  it('names the server’s tip and discount paths as the form’s fields', () => {
    const values: CheckoutValues = { ...start(), tips: { p1: '', p2: '4' } };
    expect(
      checkoutFormErrors(
        { 'tips.0.amount': 'Tip must be more than 0', 'discount.percent': 'Percent is required' },
        values,
      ),
    ).toEqual({ 'tips.p2': 'Tip must be more than 0', discount: 'Percent is required' });
  });
});
