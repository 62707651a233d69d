// The customer book's pure rules.
import { PHONE_DIGITS, PHONE_DISPLAY_PREFIX } from '@/shared/constants';

/**
 * The digits of a phone number as typed or pasted (`+91 98765-43210`, `(987) 654 3210`), without
 * the country prefix the back office shows: phones are stored as their ten digits. Null when the
 * text is not a phone number.
 */
export function phoneDigits(text: string): string | null {
  if (!/^[\d\s()+.-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  const prefix = PHONE_DISPLAY_PREFIX.replace(/\D/g, '');
  return digits.length > PHONE_DIGITS && digits.startsWith(prefix) ? digits.slice(prefix.length) : digits || null;
}
