import { describe, expect, it } from 'vitest';
import { discountOn, discountToday, priceAfterDiscount } from './pricing';

const autumn = {
  title: 'Autumn Glow',
  percentage: 20,
  category: ['Make up', 'cosmetology'],
  validFrom: '2026-11-18',
  validTill: '2026-12-25',
  isActive: true,
};
const bigger = {
  title: 'Winter',
  percentage: 30,
  category: ['Make up'],
  validFrom: '2026-12-01',
  validTill: '2026-12-31',
  isActive: false,
};

describe('the discount a service gets', () => {
  it('on a day: the largest running for its category that day, both ends of the period included', () => {
    expect(discountOn([autumn, bigger], 'Make up', '2026-11-18')?.title).toBe('Autumn Glow');
    expect(discountOn([autumn, bigger], 'Make up', '2026-12-01')?.title).toBe('Winter');
    expect(discountOn([autumn, bigger], 'Nail care', '2026-12-01')).toBeUndefined();
    expect(discountOn([autumn], 'Make up', '2026-12-26')).toBeUndefined();
  });

  it('today: the one the server listed as running, by the same rule', () => {
    expect(discountToday([autumn, bigger], 'Make up')?.title).toBe('Autumn Glow');
    expect(discountToday([autumn, { ...bigger, isActive: true }], 'Make up')?.title).toBe('Winter');
    expect(discountToday([{ ...autumn, isActive: false }], 'cosmetology')).toBeUndefined();
    expect(discountToday([autumn, { ...autumn, title: 'Same size', isActive: true }], 'Make up')?.title).toBe(
      'Autumn Glow',
    );
  });
});

describe('a price after its discount', () => {
  it('is reduced to the cent, and unchanged without a discount', () => {
    expect(priceAfterDiscount(60, 20)).toBe(48);
    expect(priceAfterDiscount(45.5, 15)).toBe(38.68);
    expect(priceAfterDiscount(60, null)).toBe(60);
  });
});
