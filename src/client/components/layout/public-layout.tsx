import { Outlet, ScrollRestoration } from 'react-router';
import { useLoadCurrentUser } from '@/client/lib/auth/use-current-user';
import { DiscountMarquee } from './discount-marquee';
import classes from './public-layout.module.css';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Marquee, header, page and footer for every customer-facing route (spec section 2). */
export function PublicLayout() {
  useLoadCurrentUser();
  return (
    <div className={classes.shell}>
      {/* First in the DOM so keyboard users reach it before anything else; hidden until focused. */}
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <DiscountMarquee />
      <SiteHeader />
      <main id="main-content" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* A new page starts at its top (or at its #anchor); Back returns to where the reader was.
          Every freshly loaded document has the location key "default", so those entries are
          keyed by path: otherwise a reload of one page would restore another page's position. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </div>
  );
}
