import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDisclosure } from '@mantine/hooks';
import { Link, Navigate, Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { Suspense } from 'react';
import { PageLoader } from '@/client/components/page-loader';
import { RouteErrorBoundary } from '@/client/components/route-error-page';
import { trpc } from '@/client/lib/trpc';
import { adminAuthStore, type AdminAccount } from '@/client/lib/auth/admin-auth-store';
import { useCurrentAdmin } from '@/client/lib/auth/use-current-admin';
import { ADMIN_NAV_ITEMS } from './admin-nav-items';
import { PersonAvatar } from '@/client/components/person-avatar';

/**
 * The back office frame: fetches the current admin once (a spinner meanwhile),
 * sends anyone not logged in as an admin (a 401 included) to /admin/login, and shows the admin's
 * name, avatar and a logout action.
 */
export function AdminLayout() {
  const { admin, isAuthenticated, initialized } = useCurrentAdmin();

  if (!initialized) return <PageLoader />;
  if (!isAuthenticated || !admin) return <Navigate to="/admin/login" replace />;
  return <AdminShell admin={admin} />;
}

function AdminShell({ admin }: { admin: AdminAccount }) {
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutMutation = trpc.admin.account.logout.useMutation();

  // Whatever the server answers (a 401 means the session had already ended), this browser is
  // logged out afterwards, and no back-office data stays in the cache.
  const logout = () => {
    logoutMutation.mutate(undefined, {
      onSettled: () => {
        adminAuthStore.logout();
        queryClient.removeQueries({ queryKey: [['admin']] });
        void navigate('/admin/login', { replace: true });
      },
    });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={navOpened}
            />
            <Text component={Link} to="/admin" fw={700} fz="lg" ff="heading" c="pink.8" td="none">
              Salon Admin
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" data-testid="admin-account">
            <PersonAvatar person={admin} />
            <Text fw={600} visibleFrom="xs" truncate maw={200}>
              {admin.fullName}
            </Text>
            <Button variant="light" size="sm" onClick={logout} loading={logoutMutation.isPending}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label="Admin">
        {ADMIN_NAV_ITEMS.map((item) => {
          const active = matchPath({ path: item.to, end: item.end }, pathname) !== null;
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={nav.close}
              fw={500}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          );
        })}
      </AppShell.Navbar>

      <AppShell.Main>
        {/* A screen that throws keeps the sidebar around its error message. */}
        <RouteErrorBoundary pathname={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
