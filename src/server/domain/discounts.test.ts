import { describe, expect, it } from 'vitest';
import { isDiscountActive, isDiscountExpired } from './discounts';

const today = '2026-11-21';

describe('whether a discount is running', () => {
  it('counts both its first and its last day', () => {
    expect(isDiscountActive({ validFrom: today, validTill: '2026-11-30' }, today)).toBe(true);
    expect(isDiscountActive({ validFrom: '2026-11-01', validTill: today }, today)).toBe(true);
    expect(isDiscountActive({ validFrom: today, validTill: today }, today)).toBe(true);
  });

  it('is not running before it starts or after it ends', () => {
    expect(isDiscountActive({ validFrom: '2026-11-22', validTill: '2026-11-30' }, today)).toBe(false);
    expect(isDiscountActive({ validFrom: '2026-11-01', validTill: '2026-11-20' }, today)).toBe(false);
  });

  it('compares across month and year ends as dates', () => {
    expect(isDiscountActive({ validFrom: '2025-12-31', validTill: '2026-01-01' }, '2026-01-01')).toBe(true);
    expect(isDiscountActive({ validFrom: '2026-01-31', validTill: '2026-02-01' }, '2026-01-09')).toBe(false);
  });
});

describe('whether a discount is over', () => {
  it('is over only once its last day has passed', () => {
    expect(isDiscountExpired({ validTill: '2026-11-20' }, today)).toBe(true);
    expect(isDiscountExpired({ validTill: today }, today)).toBe(false);
    expect(isDiscountExpired({ validTill: '2026-12-01' }, today)).toBe(false);
  });
});
