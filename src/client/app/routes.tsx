import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PublicLayout } from '@/client/components/layout/public-layout';
import { PageLoader } from '@/client/components/page-loader';
import { RouteErrorPage } from '@/client/components/route-error-page';
import { HomePage } from '@/client/features/home/home-page';
import { loadAdminLoginPage, loadServicePage } from './early-routes';
import { PageFallback } from './page-fallback';

// The entry chunk carries only the Mantine styles of the home page and the shell
// (entry-styles.ts); a lazily loaded public page also waits for the rest of the public site's
// (public-styles.ts), a back-office screen for the complete sheet (full-styles.ts).
const withStyles =
  (styles: () => Promise<unknown>) =>
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([styles(), load()]).then(([, module]) => module);
const withPublicStyles = withStyles(() => import('./public-styles'));
// The public sheet is asked for first, so its <link> precedes the complete sheet's (Vite appends
// them in the order asked, and never twice). A sheet that arrived after the complete one (a toast
// in the back office, a visit to the site and back) would repeat its inputs and popovers after
// the components that build on them (PillsInput after Input, say) and override them.
const withFullStyles = withStyles(() => Promise.all([import('./public-styles'), import('./full-styles')]));

// The home page is the landing page and ships with the entry chunk. Every other public page is a
// lazy route (its own chunk, with its forms and Zod schemas), fetched when first visited: React
// Router keeps the current page on screen while it loads, so links feel the same as before.
// Opened straight from the address bar, the header and footer show at once around an empty
// page-sized placeholder, so nothing below the header jumps when the page arrives.
const publicPage = (module: string, load: () => Promise<{ Component: ComponentType }>) => ({
  lazy: withPublicStyles(load),
  hydrateFallbackElement: <PageFallback />,
  handle: pageHandle(module),
});

/**
 * What a server-rendered page needs before it can hydrate, named as the build's manifest names
 * the sources (paths under src/client): the server links their scripts and styles in the page's
 * head (server/site/ssr.ts), so the page shows styled and its code is on its way at once.
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

// Every admin screen is loaded through `lazy` so customers never download back-office code:
// Vite turns each dynamic import into its own chunk.
const adminPage = (load: () => Promise<{ Component: ComponentType }>) => ({
  lazy: withFullStyles(load),
  errorElement: <RouteErrorPage />,
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // A page that throws keeps the header and footer around its error message.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, Component: HomePage },
          {
            path: 'about',
            ...publicPage('features/about/about-page.tsx', () => import('@/client/features/about/about-page').then((m) => ({ Component: m.AboutPage }))),
          },
          {
            path: 'contact',
            ...publicPage('features/contact/contact-page.tsx', () => import('@/client/features/contact/contact-page').then((m) => ({ Component: m.ContactPage }))),
          },
          {
            path: 'service',
            // Fetched as the entry starts when opened directly (early-routes.ts).
            lazy: loadServicePage,
            hydrateFallbackElement: <PageFallback />,
            handle: pageHandle('features/services/service-page.tsx'),
          },
          {
            path: 'appointment',
            ...publicPage('features/booking/appointment-page.tsx', () => import('@/client/features/booking/appointment-page').then((m) => ({ Component: m.AppointmentPage }))),
          },
          {
            path: 'my-appointments',
            ...publicPage('features/account/my-appointments-page.tsx', () => import('@/client/features/account/my-appointments-page').then((m) => ({ Component: m.MyAppointmentsPage }))),
          },
          {
            path: 'login',
            ...publicPage('features/auth/login-page.tsx', () => import('@/client/features/auth/login-page').then((m) => ({ Component: m.LoginPage }))),
          },
          {
            path: 'signup',
            ...publicPage('features/auth/signup-page.tsx', () => import('@/client/features/auth/signup-page').then((m) => ({ Component: m.SignupPage }))),
          },
          {
            path: 'forgot-password',
            ...publicPage('features/auth/forgot-password-page.tsx', () => import('@/client/features/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage }))),
          },
          {
            path: 'reset-password/:token',
            ...publicPage('features/auth/reset-password-page.tsx', () => import('@/client/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage }))),
          },
          {
            path: '*',
            ...publicPage('features/not-found/not-found-page.tsx', () => import('@/client/features/not-found/not-found-page').then((m) => ({ Component: m.NotFoundPage }))),
            handle: pageHandle('features/not-found/not-found-page.tsx', 404),
          },
        ],
      },
    ],
  },
  {
    path: '/admin/login',
    // Shown while the chunk loads when the admin opens this URL directly.
    hydrateFallbackElement: <PageLoader />,
    // The public site's styles rather than the complete sheet; fetched as the entry starts (early-routes.ts).
    lazy: loadAdminLoginPage,
    errorElement: <RouteErrorPage />,
  },
  {
    path: '/admin',
    hydrateFallbackElement: <PageLoader />,
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
        path: 'calendar',
        ...adminPage(() => import('@/client/features/admin/calendar/calendar-page').then((m) => ({ Component: m.CalendarPage }))),
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
        path: 'reports',
        ...adminPage(() => import('@/client/features/admin/reports/reports-page').then((m) => ({ Component: m.ReportsPage }))),
      },
      {
        path: 'services',
        ...adminPage(() =>
          import('@/client/features/admin/services/services-page').then((m) => ({
            Component: m.AdminServicesPage,
          })),
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
        path: 'settings',
        ...adminPage(() =>
          import('@/client/features/admin/settings/settings-page').then((m) => ({ Component: m.SettingsPage })),
        ),
      },
    ],
  },
];
