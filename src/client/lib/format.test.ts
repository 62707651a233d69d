import { describe, expect, it } from 'vitest';
import { categoryLabel, formatBookedPrice, formatDuration, formatPrice } from './format';

describe('formatPrice', () => {
  it('shows whole prices in dollars without cents', () => {
    expect(formatPrice(45)).toBe('$45');
    expect(formatPrice(0)).toBe('$0');
  });

  it('shows cents only when the price has them', () => {
    expect(formatPrice(45.5)).toBe('$45.50');
    expect(formatPrice(19.99)).toBe('$19.99');
  });

  it('groups thousands and ignores floating-point dust', () => {
    expect(formatPrice(1200)).toBe('$1,200');
    expect(formatPrice(45.004)).toBe('$45');
  });
});

describe('formatDuration', () => {
  it('shows durations under an hour in minutes', () => {
    expect(formatDuration(45)).toBe('45 min');
  });

  it('shows whole hours without minutes', () => {
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(120)).toBe('2 h');
  });

  it('shows hours and minutes together', () => {
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(135)).toBe('2 h 15 min');
  });
});

describe('categoryLabel', () => {
  it('capitalises a lower-case category and leaves others alone', () => {
    expect(categoryLabel('cosmetology')).toBe('Cosmetology');
    expect(categoryLabel('SPA procedures')).toBe('SPA procedures');
  });
});

describe('formatBookedPrice', () => {
  it('says what the customer pays, and the discount and list price when one applied', () => {
    expect(formatBookedPrice({ price: 48, discountPercentage: 20, service: { price: 60 } })).toBe('$48 (20% off $60)');
    expect(formatBookedPrice({ price: 22.5, discountPercentage: 10, service: { price: 25 } })).toBe(
      '$22.50 (10% off $25)',
    );
    expect(formatBookedPrice({ price: 25, discountPercentage: null, service: { price: 25 } })).toBe('$25');
  });
});
