import { describe, expect, it } from 'vitest';
import { CLOSED_DISCOUNT_COOKIE } from '@/shared/constants';
import { closedDiscountCookie, readClosedDiscountId } from './marquee-dismissal';

/** What `document.cookie` reads after the assignment, beside other cookies. */
const jar = (assignment: string) => `theme=light; ${assignment.split(';')[0] ?? ''}; other=1`;

describe('closing the discount marquee', () => {
  it('remembers which discount was closed, among other cookies', () => {
    expect(readClosedDiscountId('theme=light')).toBeNull();
    expect(readClosedDiscountId(jar(closedDiscountCookie('d1', false)))).toBe('d1');
  });

  it('keeps an id with characters a cookie cannot hold as it was', () => {
    const id = 'a b;c=d/é';
    expect(readClosedDiscountId(jar(closedDiscountCookie(id, false)))).toBe(id);
  });

  it('lasts for the browser session on the whole site, and only over HTTPS where the site is', () => {
    const cookie = closedDiscountCookie('d1', true);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Secure');
    expect(cookie).not.toMatch(/Expires|Max-Age/i);
    expect(closedDiscountCookie('d1', false)).not.toContain('Secure');
  });

  it('ignores a broken or empty value, and a cookie whose name only starts alike', () => {
    expect(readClosedDiscountId(`${CLOSED_DISCOUNT_COOKIE}=%E0%A4%A`)).toBeNull();
    expect(readClosedDiscountId(`${CLOSED_DISCOUNT_COOKIE}=`)).toBeNull();
    expect(readClosedDiscountId(`${CLOSED_DISCOUNT_COOKIE}x=d1`)).toBeNull();
  });
});
