import { describe, expect, it } from 'vitest';
import { phoneDigits } from './customers';

describe('a phone number searched for in the customer book', () => {
  it('is found however it was typed or pasted: spaces, dashes, brackets and the +91 the back office shows', () => {
    expect(phoneDigits('+91 9876543210')).toBe('9876543210');
    expect(phoneDigits('98765-43210')).toBe('9876543210');
    expect(phoneDigits('(987) 654 3210')).toBe('9876543210');
    expect(phoneDigits('9143')).toBe('9143');
    expect(phoneDigits('919876543210')).toBe('9876543210');
  });

  it('is not a phone number when it holds letters or nothing but punctuation', () => {
    expect(phoneDigits('Anna 98')).toBeNull();
    expect(phoneDigits('anna@salon.test')).toBeNull();
    expect(phoneDigits('+-')).toBeNull();
  });
});
