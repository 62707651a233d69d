import { describe, expect, it } from 'vitest';
import { readClosedDiscountId, rememberClosedDiscount } from './marquee-dismissal';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('closing the discount marquee', () => {
  it('remembers which discount was closed', () => {
    const storage = memoryStorage();
    expect(readClosedDiscountId(storage)).toBeNull();
    rememberClosedDiscount('d1', storage);
    expect(readClosedDiscountId(storage)).toBe('d1');
  });

  it('does not break the page when storage refuses to work', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => rememberClosedDiscount('d1', broken)).not.toThrow();
    expect(readClosedDiscountId(broken)).toBeNull();
    expect(readClosedDiscountId(undefined)).toBeNull();
  });
});
