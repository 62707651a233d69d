import type { IncomingHttpHeaders } from 'node:http';

/** What a refused cross-site state change is told, on /trpc and /api/v1 alike. */
export const CROSS_SITE_REFUSED = 'Cross-site request refused.';

/**
 * True when a browser sent the request from another site's page, which may not change state
 * (README "For developers: the API", sessions and tokens). Browsers send `Sec-Fetch-Site` and
 * `Origin` with state-changing requests; scripts and curl send neither and are not browsers riding
 * on a victim's cookies, so they pass.
 */
export function isForeignSiteRequest(
  headers: IncomingHttpHeaders,
  allowed: { ownOrigins: string[]; corsOrigins: string[] },
): boolean {
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite === 'same-origin' || fetchSite === 'none') return false;
  // A browser that says it is cross-site but names no origin is not trusted either.
  if (origin === undefined) return fetchSite !== undefined;
  // An opaque origin ('null', sandboxed frames) is never on the list.
  return ![...allowed.ownOrigins, ...allowed.corsOrigins].includes(origin);
}
