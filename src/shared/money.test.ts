import { describe, expect, it } from 'vitest';
import { SALON_CURRENCY } from './constants';
import { CURRENCY_SYMBOL, formatCents, formatCentsExact, formatPrice, formatWholeDollars } from './money';

// The reference: what Intl writes for SALON_CURRENCY in en-US. money.ts writes the same text
// without it (a formatter costs about 10 ms of this box's main thread to make, decision 0052).
const intl = (digits: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: SALON_CURRENCY,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
const whole = intl(0);
const exact = intl(2);

/** Whole cents up to about ±$21,474,836 (the random ones), small ones and every boundary of a group. */
function samples(): number[] {
  const values = [0, 1, 5, 9, 10, 99, 100, 101, 199, 4500, 4550, 99_999, 100_000, 100_001, 123_456_789, 1_234_567_899];
  let seed = 7;
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 48_271) % 2_147_483_647;
    values.push(seed % 10 ** ((i % 10) + 1));
  }
  return [...values, ...values.map((value) => -value).filter((value) => value !== 0)];
}

describe('money as people read it', () => {
  it('writes every amount as Intl does for the salon’s currency, with cents only when there are some', () => {
    expect(whole.format(1)).toBe(`${CURRENCY_SYMBOL}1`);
    for (const cents of samples()) {
      const reference = cents % 100 === 0 ? whole.format(cents / 100) : exact.format(cents / 100);
      expect(formatCents(cents), String(cents)).toBe(reference);
      expect(formatCentsExact(cents), String(cents)).toBe(exact.format(cents / 100));
    }
  });

  it('reads prices in dollars, rounded to the cent first', () => {
    expect(formatPrice(45)).toBe('$45');
    expect(formatPrice(45.5)).toBe('$45.50');
    expect(formatPrice(45.004)).toBe('$45');
    expect(formatPrice(1234.56)).toBe('$1,234.56');
    expect(formatCents(-250)).toBe('-$2.50');
  });

  it('rounds a price range’s ends to whole dollars, as Intl does', () => {
    for (const dollars of [0, 1, 29.5, 45.49, 45.5, 150, 1999.99, 123_456.5]) {
      expect(formatWholeDollars(dollars), String(dollars)).toBe(whole.format(dollars));
    }
  });
});
