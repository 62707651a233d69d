// Which discount banner the visitor closed, for the rest of this browser session (the visitor can
// close the marquee). Kept in a session cookie, not in storage: the server reads it too and renders
// the page without the banner, so a closed banner never shows again while the page's scripts load.
// Cookies refused: closing lasts until the page is reloaded.
import { createContext } from 'react';
import { CLOSED_DISCOUNT_COOKIE } from '@/shared/constants';

/** The id of the discount whose banner was closed in this session, if any, from `cookies`. */
export function readClosedDiscountId(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== CLOSED_DISCOUNT_COOKIE) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim()) || null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The `document.cookie` assignment that remembers `id` until the browser closes. */
export function closedDiscountCookie(id: string, secure: boolean): string {
  return `${CLOSED_DISCOUNT_COOKIE}=${encodeURIComponent(id)}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function rememberClosedDiscount(id: string): void {
  document.cookie = closedDiscountCookie(id, window.location.protocol === 'https:');
}

/**
 * On the server, the closed discount of the request being rendered (entry-server.tsx provides
 * it); in the browser nothing is provided and the cookie itself is read.
 */
export const ServerClosedDiscount = createContext<string | null>(null);
