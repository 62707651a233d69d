import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PublicLayout } from '../components/layout/public-layout';
import { PageLoader } from '../components/page-loader';
import { RouteErrorPage } from '../components/route-error-page';
import { AboutPage } from '../features/about/about-page';
import { MyAppointmentsPage } from '../features/account/my-appointments-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SignupPage } from '../features/auth/signup-page';
import { AppointmentPage } from '../features/booking/appointment-page';
import { ContactPage } from '../features/contact/contact-page';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { ServicePage } from '../features/services/service-page';

// Every admin screen is loaded through `lazy` so customers never download back-office code:
// Vite turns each dynamic import into its own chunk.
const adminPage = (load: () => Promise<{ Component: ComponentType }>) => ({
  lazy: load,
  errorElement: <RouteErrorPage />,
});

export const router = createBrowserRouter([
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
          { path: 'about', Component: AboutPage },
          { path: 'contact', Component: ContactPage },
          { path: 'service', Component: ServicePage },
          { path: 'appointment', Component: AppointmentPage },
          { path: 'my-appointments', Component: MyAppointmentsPage },
          { path: 'login', Component: LoginPage },
          { path: 'signup', Component: SignupPage },
          { path: 'forgot-password', Component: ForgotPasswordPage },
          { path: 'reset-password/:token', Component: ResetPasswordPage },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  {
    path: '/admin/login',
    // Shown while the chunk loads when the admin opens this URL directly.
    hydrateFallbackElement: <PageLoader />,
    ...adminPage(() =>
      import('../features/admin/admin-login-page').then((m) => ({ Component: m.AdminLoginPage })),
    ),
  },
  {
    path: '/admin',
    hydrateFallbackElement: <PageLoader />,
    ...adminPage(() =>
      import('../features/admin/admin-layout').then((m) => ({ Component: m.AdminLayout })),
    ),
    children: [
      {
        index: true,
        ...adminPage(() =>
          import('../features/admin/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
        ),
      },
      {
        path: 'appointments',
        ...adminPage(() =>
          import('../features/admin/appointments-page').then((m) => ({
            Component: m.AppointmentsPage,
          })),
        ),
      },
      {
        path: 'services',
        ...adminPage(() =>
          import('../features/admin/services-page').then((m) => ({
            Component: m.AdminServicesPage,
          })),
        ),
      },
      {
        path: 'specialists',
        ...adminPage(() =>
          import('../features/admin/specialists-page').then((m) => ({
            Component: m.SpecialistsPage,
          })),
        ),
      },
      {
        path: 'reviews',
        ...adminPage(() =>
          import('../features/admin/reviews-page').then((m) => ({ Component: m.ReviewsPage })),
        ),
      },
      {
        path: 'discounts',
        ...adminPage(() =>
          import('../features/admin/discounts-page').then((m) => ({ Component: m.DiscountsPage })),
        ),
      },
      {
        path: 'settings',
        ...adminPage(() =>
          import('../features/admin/settings-page').then((m) => ({ Component: m.SettingsPage })),
        ),
      },
    ],
  },
]);
