import { Suspense } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from '@/client/components/layout/public-layout';
import { PageLoader } from '@/client/components/page-loader';
import { RouteErrorBoundary } from '@/client/components/route-error-page';
import { HomePage } from '@/client/features/home/home-page';
import { AdminLoginPage, ServicePage } from './early-routes';
import { lazyPage, type LazyPage, type PageModule } from './lazy-page';

// The entry chunk carries only the Mantine styles of the home page and the shell
// (entry-styles.ts); a lazily loaded public page also waits for the rest of the public site's
// (public-styles.ts), a back-office screen for the complete sheet (full-styles.ts).
const withStyles = (styles: () => Promise<unknown>) => (load: () => PageModule) => () =>
  Promise.all([styles(), load()]).then(([, module]) => module);
const withPublicStyles = withStyles(() => import('./public-styles'));
// The public sheet is asked for first, so its <link> precedes the complete sheet's (Vite appends
// them in the order asked, and never twice). A sheet that arrived after the complete one (a toast
// in the back office, a visit to the site and back) would repeat its inputs and popovers after
// the components that build on them (PillsInput after Input, say) and override them.
const withFullStyles = withStyles(() => Promise.all([import('./public-styles'), import('./full-styles')]));

// The home page is the landing page and ships with the entry chunk. Every other public page is a
// lazy page (its own chunk, with its forms and Zod schemas), fetched when first visited: the
// router moves in a transition, so the current page stays on screen while the next one loads,
// and links feel the same as before. Opened straight from the address bar, the header and footer
// show at once around an empty page-sized placeholder (PublicLayout's Suspense boundary), so
// nothing below the header jumps when the page arrives.
const publicPage = (module: string, load: () => PageModule, status?: number) => ({
  Component: lazyPage(withPublicStyles(load)),
  handle: pageHandle(module, status),
});

/**
 * What a server-rendered page needs before it can hydrate, named as the build's manifest names
 * the sources (paths under src/client): the server links their styles in the page's head, so the
 * page shows styled at once, and names their scripts, fetched once it has painted
 * (server/site/client-assets.ts).
 */
export interface PageHandle {
  modules: string[];
  /** The answer's status code when this route is the page (the not-found page: 404). */
  status?: number;
}

const pageHandle = (module: string, status?: number): PageHandle => ({
  modules: ['app/public-styles.ts', module],
  ...(status === undefined ? {} : { status }),
});

// Every admin screen is its own lazily loaded chunk, so customers never download back-office
// code; the admin layout shows a spinner and keeps its frame while a screen loads.
const adminPage = (load: () => PageModule) => ({ Component: lazyPage(withFullStyles(load)) });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    children: [
      { index: true, Component: HomePage },
      {
        path: 'about',
        ...publicPage('features/about/about-page.tsx', () =>
          import('@/client/features/about/about-page').then((m) => ({ Component: m.AboutPage })),
        ),
      },
      {
        path: 'contact',
        ...publicPage('features/contact/contact-page.tsx', () =>
          import('@/client/features/contact/contact-page').then((m) => ({ Component: m.ContactPage })),
        ),
      },
      // Fetched as the entry starts when opened directly (early-routes.ts).
      { path: 'service', Component: ServicePage, handle: pageHandle('features/services/service-page.tsx') },
      {
        path: 'appointment',
        ...publicPage('features/booking/appointment-page.tsx', () =>
          import('@/client/features/booking/appointment-page').then((m) => ({ Component: m.AppointmentPage })),
        ),
      },
      {
        path: 'my-appointments',
        ...publicPage('features/account/my-appointments-page.tsx', () =>
          import('@/client/features/account/my-appointments-page').then((m) => ({ Component: m.MyAppointmentsPage })),
        ),
      },
      {
        path: 'my-account',
        ...publicPage('features/account/my-account-page.tsx', () =>
          import('@/client/features/account/my-account-page').then((m) => ({ Component: m.MyAccountPage })),
        ),
      },
      {
        path: 'login',
        ...publicPage('features/auth/login-page.tsx', () =>
          import('@/client/features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
        ),
      },
      {
        path: 'signup',
        ...publicPage('features/auth/signup-page.tsx', () =>
          import('@/client/features/auth/signup-page').then((m) => ({ Component: m.SignupPage })),
        ),
      },
      {
        path: 'forgot-password',
        ...publicPage('features/auth/forgot-password-page.tsx', () =>
          import('@/client/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
        ),
      },
      {
        path: 'reset-password/:token',
        ...publicPage('features/auth/reset-password-page.tsx', () =>
          import('@/client/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
        ),
      },
      {
        path: 'waitlist/offers/:token',
        ...publicPage('features/auth/waitlist-offer-page.tsx', () =>
          import('@/client/features/auth/waitlist-offer-page').then((m) => ({ Component: m.WaitlistOfferPage })),
        ),
      },
      {
        path: 'unsubscribe/:token',
        ...publicPage('features/auth/unsubscribe-page.tsx', () =>
          import('@/client/features/auth/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
        ),
      },
      {
        path: '*',
        ...publicPage(
          'features/not-found/not-found-page.tsx',
          () => import('@/client/features/not-found/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          404,
        ),
      },
    ],
  },
  // The public site's styles rather than the complete sheet; fetched as the entry starts (early-routes.ts).
  // The back office's one page rendered by the server, as the public pages are (site/page-paths.ts).
  {
    path: '/admin/login',
    Component: AdminLoginPage,
    handle: pageHandle('features/admin/login/admin-login-page.tsx'),
  },
  {
    path: '/admin/welcome/:token',
    ...adminPage(() =>
      import('@/client/features/auth/staff-welcome-page').then((m) => ({ Component: m.StaffWelcomePage })),
    ),
  },
  {
    path: '/admin',
    ...adminPage(() =>
      import('@/client/features/admin/layout/admin-layout').then((m) => ({ Component: m.AdminLayout })),
    ),
    children: [
      {
        index: true,
        ...adminPage(() =>
          import('@/client/features/admin/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
        ),
      },
      {
        path: 'my-day',
        ...adminPage(() =>
          import('@/client/features/admin/my-day/my-day-page').then((m) => ({ Component: m.MyDayPage })),
        ),
      },
      {
        path: 'calendar',
        ...adminPage(() =>
          import('@/client/features/admin/calendar/calendar-page').then((m) => ({ Component: m.CalendarPage })),
        ),
      },
      {
        path: 'appointments',
        ...adminPage(() =>
          import('@/client/features/admin/appointments/appointments-page').then((m) => ({
            Component: m.AppointmentsPage,
          })),
        ),
      },
      {
        // Each tab at its own address (/admin/till/vouchers); none: the day's sales.
        path: 'till/:tab?',
        ...adminPage(() => import('@/client/features/admin/till/till-page').then((m) => ({ Component: m.TillPage }))),
      },
      {
        path: 'customers',
        ...adminPage(() =>
          import('@/client/features/admin/customers/customers-page').then((m) => ({ Component: m.CustomersPage })),
        ),
      },
      {
        path: 'customers/:id',
        ...adminPage(() =>
          import('@/client/features/admin/customers/customer-page').then((m) => ({ Component: m.CustomerPage })),
        ),
      },
      {
        path: 'waitlist',
        ...adminPage(() =>
          import('@/client/features/admin/waitlist/waitlist-page').then((m) => ({ Component: m.WaitlistPage })),
        ),
      },
      {
        path: 'reports',
        ...adminPage(() =>
          import('@/client/features/admin/reports/reports-page').then((m) => ({ Component: m.ReportsPage })),
        ),
      },
      {
        path: 'services',
        ...adminPage(() =>
          import('@/client/features/admin/services/services-page').then((m) => ({ Component: m.AdminServicesPage })),
        ),
      },
      {
        path: 'specialists',
        ...adminPage(() =>
          import('@/client/features/admin/specialists/specialists-page').then((m) => ({
            Component: m.SpecialistsPage,
          })),
        ),
      },
      {
        path: 'reviews',
        ...adminPage(() =>
          import('@/client/features/admin/reviews/reviews-page').then((m) => ({ Component: m.ReviewsPage })),
        ),
      },
      {
        path: 'discounts',
        ...adminPage(() =>
          import('@/client/features/admin/discounts/discounts-page').then((m) => ({ Component: m.DiscountsPage })),
        ),
      },
      {
        // Each section at its own address (/admin/settings/notifications); none: the first one the role may open.
        path: 'settings/:tab?',
        ...adminPage(() =>
          import('@/client/features/admin/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
        ),
      },
    ],
  },
];

/** Loads the code of the pages `pathname` shows, so they render at once (see LazyPage.preload). */
export async function preloadPagesAt(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const pages = matches.flatMap(({ route }) => {
    const preload = (route.Component as Partial<LazyPage> | null | undefined)?.preload;
    return preload ? [preload()] : [];
  });
  await Promise.all(pages);
}

/**
 * The page at the router's address. A screen that throws shows the error page (the public pages
 * keep their header and footer: PublicLayout has a boundary of its own); a lazily loaded screen
 * opened from the address bar shows a spinner until it arrives (the public pages: a placeholder).
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<PageLoader />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
