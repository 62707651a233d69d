import { describe, expect, it } from 'vitest';
import {
  addMonths,
  paymentsRefusal,
  refundRefusal,
  saleFigures,
  spreadDiscount,
  voucherRefusal,
  voucherStatus,
} from './sales';

describe('the till’s arithmetic', () => {
  it('spreads a discount over the items in proportion, to the cent, adding up exactly', () => {
    expect(spreadDiscount([3000, 4000, 1250], 825)).toEqual([2700, 3600, 1125]);
    // A cent that cannot be split goes to the item with the largest remainder, then the earlier one.
    expect(spreadDiscount([100, 100, 100], 100)).toEqual([66, 67, 67]);
    const nets = spreadDiscount([999, 1, 1234], 777);
    expect(nets.reduce((sum, cents) => sum + cents, 0)).toBe(999 + 1 + 1234 - 777);
    expect(nets.every((cents) => cents >= 0)).toBe(true);
    expect(spreadDiscount([500, 0], 500)).toEqual([0, 0]);
    expect(spreadDiscount([], 0)).toEqual([]);
  });

  it('works out a sale: a percent rounds to the cent, an amount beyond the items is refused', () => {
    expect(saleFigures([3333], { percent: 15 }, [100, 50])).toEqual({
      subtotalCents: 3333,
      discountCents: 500,
      totalCents: 2833,
      tipsCents: 150,
      netCents: [2833],
    });
    expect(saleFigures([500], { amountCents: 501 }, [])).toEqual({
      refusal: 'The discount is more than the items come to',
    });
    expect(saleFigures([500], { percent: 100 }, [])).toMatchObject({ totalCents: 0 });
  });

  it('asks the payments to settle the total and tips exactly', () => {
    expect(paymentsRefusal([3000, 1425], 4425)).toBeNull();
    expect(paymentsRefusal([3000], 4425)).toBe(
      'The total with tips is $44.25; the payments come to $30, $14.25 short.',
    );
    expect(paymentsRefusal([5000], 4425)).toMatch(/\$5.75 too much\. Record the amount kept/);
    expect(paymentsRefusal([], 0)).toBeNull();
  });

  it('lets a voucher pay only while valid and within its balance', () => {
    const voucher = { balanceCents: 1000, expiresOn: '2026-12-31', voided: false };
    expect(voucherRefusal(voucher, '2026-12-31', 1000)).toBeNull();
    expect(voucherRefusal(voucher, '2027-01-01', 100)).toBe('This voucher expired on 31/12/2026.');
    expect(voucherRefusal(voucher, '2026-12-01', 1001)).toBe('This voucher has only $10 left.');
    expect(voucherRefusal({ ...voucher, balanceCents: 0 }, '2026-12-01', 1)).toBe('This voucher is spent.');
    expect(voucherRefusal({ ...voucher, voided: true }, '2026-12-01', 1)).toBe('This voucher is void.');
    expect(voucherStatus(voucher, '2027-01-01')).toBe('expired');
    expect(voucherStatus({ ...voucher, balanceCents: 0 }, '2027-01-01')).toBe('spent');
  });

  it('refunds no more than was paid by a method', () => {
    const paid = new Map([['card', 4000] as const]);
    expect(refundRefusal(paid, new Map(), 'card', 4000)).toBeNull();
    expect(refundRefusal(paid, new Map([['card', 1000] as const]), 'card', 3001)).toEqual({
      path: 'amount',
      message: 'At most $30 paid by card is left to refund.',
    });
    expect(refundRefusal(paid, new Map(), 'cash', 1)).toEqual({
      path: 'method',
      message: 'Nothing of this sale was paid by cash.',
    });
  });

  it('adds calendar months, keeping to the month’s last day', () => {
    expect(addMonths('2026-11-27', 12)).toBe('2027-11-27');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });
});
