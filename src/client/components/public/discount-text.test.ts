import { describe, expect, it } from 'vitest';
import { discountOffer, joinCategories } from './discount-text';

describe('discount texts', () => {
  it('joins categories as a sentence, with capitals where headings have them', () => {
    expect(joinCategories(['Make up'])).toBe('Make up');
    expect(joinCategories(['Make up', 'cosmetology'])).toBe('Make up and Cosmetology');
    expect(joinCategories(['Make up', 'Nail care', 'cosmetology'])).toBe('Make up, Nail care and Cosmetology');
  });

  it('states the offer as a percentage off the categories', () => {
    expect(discountOffer({ percentage: 20, category: ['Make up', 'cosmetology'] })).toBe(
      '20% off Make up and Cosmetology',
    );
    expect(discountOffer({ percentage: 10, category: [] })).toBe('10% off every service');
  });
});
