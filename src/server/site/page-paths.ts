// The public site's addresses, one spelling per page. The client's router
// (src/client/app/routes.tsx) matches a path whatever its letter case, with percent-escapes
// decoded and empty segments skipped, so `/sErvice`, `/%73ervice` and `//service` all show the
// services page. Each page has one address here: any other spelling is sent there (app.ts), and
// only that address is rendered and kept in the catalogue cache (ssr.ts), so no visitor can fill
// the cache with spellings. A trailing slash stays the same page, as it always was.

/**
 * The public pages' routes, as the client's router lists them. A page missing here is still
 * served, in any spelling, but never kept: add each new public page.
 */
export const PAGE_ROUTES = [
  '/',
  '/about',
  '/contact',
  '/service',
  '/appointment',
  '/my-appointments',
  '/my-account',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password/:token',
  '/unsubscribe/:token',
  '/waitlist/offers/:token',
  // The back office's door: a form that is the same for everyone, so it is rendered here too.
  '/admin/login',
] as const;

export interface PageAddress {
  /** The page's own address: the route's letters, a parameter percent-encoded once. */
  path: string;
  /** Whether the address is the same for everyone: one with a parameter (a reset token) is one visitor's. */
  shared: boolean;
}

const routeSegments = PAGE_ROUTES.map((route) => route.split('/').filter((segment) => segment !== ''));

/** The path's segments, empty ones skipped, percent-escapes decoded; null when an escape is malformed. */
function segmentsOf(path: string): string[] | null {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

// ASCII letters only, as the router's case-insensitive match does: `K` (the Kelvin sign) is no `k`.
const asciiLowerCase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** The public page `path` (without its query) names, in any spelling, or undefined when it names none. */
export function pageAddress(path: string): PageAddress | undefined {
  const segments = segmentsOf(path);
  if (segments === null) return undefined;
  for (const route of routeSegments) {
    if (route.length !== segments.length) continue;
    let shared = true;
    const canonical: string[] = [];
    for (const [index, part] of route.entries()) {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        shared = false;
        canonical.push(encodeURIComponent(segment));
      } else if (asciiLowerCase(segment) === part) {
        canonical.push(part);
      } else {
        break;
      }
    }
    if (canonical.length === route.length) return { path: `/${canonical.join('/')}`, shared };
  }
  return undefined;
}

/**
 * Whether `path` is the back office's, in any spelling: pages rendered in the browser only, but
 * for its login page (in PAGE_ROUTES).
 */
export function isBackOfficePath(path: string): boolean {
  const first = segmentsOf(path)?.[0];
  return first !== undefined && asciiLowerCase(first) === 'admin' && pageAddress(path) === undefined;
}

/**
 * Where to send a request for `url` (path and query): the page's own address with the same query
 * when the path spells a public page otherwise; undefined when it is that address (a trailing
 * slash allowed) or no public page.
 */
export function pageRedirect(url: string): string | undefined {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const page = pageAddress(path);
  if (page === undefined) return undefined;
  const asked = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return asked === page.path ? undefined : `${page.path}${queryAt === -1 ? '' : url.slice(queryAt)}`;
}
