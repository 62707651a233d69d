import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from '@/client/components/route-error-page';
import { useLoadCurrentUser } from '@/client/lib/auth/use-current-user';
import { DiscountMarquee } from './discount-marquee';
import { PageFallback } from './page-fallback';
import classes from './public-layout.module.css';
import { useScrollMemory } from './scroll-memory';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Marquee, header, page and footer for every customer-facing route. */
export function PublicLayout() {
  useLoadCurrentUser();
  useScrollMemory();
  const { pathname } = useLocation();
  return (
    <div className={classes.shell}>
      {/* First in the DOM so keyboard users reach it before anything else; hidden until focused. */}
      <a href="#main-content" className={classes.skipLink}>
        Skip to main content
      </a>
      <DiscountMarquee />
      <SiteHeader />
      <main id="main-content" className={classes.main} tabIndex={-1}>
        {/* A page that throws keeps the header and footer around its error message. */}
        <RouteErrorBoundary pathname={pathname}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
