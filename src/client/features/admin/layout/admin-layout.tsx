import { AppShell, Burger, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useDisclosure } from '@mantine/hooks';
import { Link, Navigate, Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { roleName } from '@/shared/roles';
import { SALON_NAME } from '@/shared/constants';
import './admin-layout.css';
import { Suspense } from 'react';
import { PageLoader } from '@/client/components/page-loader';
import { RouteErrorBoundary } from '@/client/components/route-error-page';
import { trpc } from '@/client/lib/trpc';
import { adminAuthStore, type AdminAccount } from '@/client/lib/auth/admin-auth-store';
import { useCurrentAdmin } from '@/client/lib/auth/use-current-admin';
import { navItemAt, navItemsFor } from './admin-nav-items';
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

  // Each role sees the pages it opens; the first of them is its home.
  const items = navItemsFor(admin.role);
  const home = items[0]?.to ?? '/admin/settings';
  const page = navItemAt(pathname);
  const opens = page === undefined || items.includes(page);

  return (
    <AppShell
      className="salon-admin"
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
            <Link
              to="/admin"
              style={{ display: 'flex', alignItems: 'baseline', gap: 8, minWidth: 0, textDecoration: 'none' }}
            >
              <Text component="span" fw={700} fz="lg" c="pink.8" style={{ whiteSpace: 'nowrap' }}>
                Salon Admin
              </Text>
              <Text component="span" fz="sm" c="dimmed" fw={500} truncate visibleFrom="xs" maw={220}>
                {SALON_NAME}
              </Text>
            </Link>
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
        {items.map((item) => {
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
            {opens ? (
              <Outlet />
            ) : pathname === '/admin' || pathname === '/admin/' ? (
              <Navigate to={home} replace />
            ) : (
              <RoleRefusal role={admin.role} home={home} />
            )}
          </Suspense>
        </RouteErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

/** A page the account's role does not open (an old link, a typed address). */
function RoleRefusal({ role, home }: { role: AdminAccount['role']; home: string }) {
  return (
    <Stack align="flex-start" gap="sm" maw={520}>
      <Title order={1}>Not open to your role</Title>
      <Text>{roleName(role)} accounts do not open this page. Ask the salon&apos;s owner if you need it.</Text>
      <Button component={Link} to={home} variant="light">
        Go to your start page
      </Button>
    </Stack>
  );
}
