import { lazyPage } from './lazy-page';

/**
 * The code of the screens that are most often opened straight from the address bar (the
 * Services page from search results, the admin login from a bookmark), fetched as soon as the
 * entry script starts rather than once React, the router and the layout have been set up: that
 * setup is several hundred milliseconds on a phone, spent while the page's code could be on its
 * way. The routes (routes.tsx) use the same pages, so each is fetched once.
 */

// A lazily loaded public page also waits for the public site's Mantine sheet (see routes.tsx).
export const ServicePage = lazyPage(() =>
  Promise.all([import('./public-styles'), import('@/client/features/services/service-page')]).then(([, m]) => ({
    Component: m.ServicePage,
  })),
);

// One small form: it brings the public site's styles (public-styles.ts: its fields and links,
// fetched alongside its code), not the complete sheet.
export const AdminLoginPage = lazyPage(() =>
  Promise.all([import('./public-styles'), import('@/client/features/admin/login/admin-login-page')]).then(([, m]) => ({
    Component: m.AdminLoginPage,
  })),
);

const earlyByPath: Record<string, { preload(): Promise<void> }> = {
  '/service': ServicePage,
  '/admin/login': AdminLoginPage,
};

/** Starts fetching the code of the page at `pathname`, if it is one of those. */
export function fetchEarlyRoute(pathname: string): void {
  // Trailing slashes are the same page to the router (and to the server). A failure shows when
  // the page is rendered (its error boundary), not here.
  earlyByPath[pathname.replace(/(.)\/+$/, '$1')]?.preload().catch(() => undefined);
}
