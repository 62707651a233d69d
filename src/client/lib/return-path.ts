// Where a customer returns after logging in: the page they were sent to /login from, carried in
// the login page's address (`/login?next=/service%3Fservice%3D...%23book`) so it survives a detour
// through sign-up and a reload. The address can be typed or linked by anyone, so what it names is
// only followed when it is a path on this site: never another origin (an open redirect).

/** The query parameter of /login and /signup naming where to go afterwards. */
export const NEXT_PARAM = 'next';

/** Longer than any path of the site with its query; a longer one is not ours. */
const RETURN_PATH_MAX_LENGTH = 1024;

/** A throwaway origin to resolve a path against: a path that stays on it stays on ours. */
const PROBE_ORIGIN = 'https://salon.invalid';

/** The pages of logging in: returning to one of them after logging in would go round in circles. */
const AUTH_PAGES = ['/login', '/signup', '/forgot-password', '/reset-password'];

const isAuthPage = (pathname: string) =>
  AUTH_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));

/**
 * `raw` when it is a path of this site to return to, else `fallback`. A path starts with one `/`:
 * `//evil.example` and `/\evil.example` are other origins to a browser, and so is anything a URL
 * parser resolves away from ours (control characters, which browsers strip, included).
 */
export function safeReturnPath(raw: string | null | undefined, fallback = '/'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_PATH_MAX_LENGTH) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  // Backslashes read as slashes, and tabs and newlines are dropped, by a browser's URL parser.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || isAuthPage(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The parts of a router location a return path is made of. */
export interface PathParts {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Where to come back to from the page at `location`: the page itself; on a login or sign-up page,
 * the place that page was already to return to (so /login -> /signup -> /login keeps it).
 */
export function returnPathFrom(location: PathParts): string {
  if (isAuthPage(location.pathname)) return safeReturnPath(new URLSearchParams(location.search).get(NEXT_PARAM));
  return safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
}

/** `/login` (or `/signup`) asked to lead back to `returnTo` afterwards; the home page needs no mention. */
export function authPagePath(page: '/login' | '/signup', returnTo: string): string {
  const next = safeReturnPath(returnTo);
  return next === '/' ? page : `${page}?${new URLSearchParams({ [NEXT_PARAM]: next }).toString()}`;
}
