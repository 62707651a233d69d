import { Burger, Button, Container, Drawer, Group, Menu, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink } from 'react-router';
import { SALON_NAME } from '../../../shared/constants';
import type { CurrentUser } from '../../features/auth/use-current-user';
import { useUserAuth, userAuthStore } from '../../features/auth/user-auth-store';
import { trpc } from '../../lib/trpc';
import { AUTH_NAV_ITEMS, PUBLIC_NAV_ITEMS } from './nav-items';
import classes from './public-layout.module.css';
import { PersonAvatar } from '../person-avatar';

const MOBILE_NAV_ID = 'mobile-navigation';

export function SiteHeader() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { user, status } = useUserAuth();
  // Until the server has said who is here, neither the login links nor the avatar flash in.
  const settling = status === 'idle' || status === 'loading';
  const logoutMutation = trpc.customer.account.logout.useMutation();

  // The visitor stays on the page they are reading. Whatever the server says (a 401 means the
  // session had already ended), this browser is logged out afterwards.
  const logout = () => {
    drawer.close();
    logoutMutation.mutate(undefined, {
      onSettled: () => {
        userAuthStore.logout();
      },
    });
  };

  const navLinks = (onNavigate?: () => void) =>
    PUBLIC_NAV_ITEMS.map((item) => (
      // `end` on Home: otherwise "/" would count as active on every page.
      <NavLink key={item.to} to={item.to} end className={classes.link} onClick={onNavigate}>
        {item.label}
      </NavLink>
    ));

  return (
    <header className={classes.header}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/" className={classes.brand}>
            {SALON_NAME}
          </Link>

          <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm">
            {navLinks()}
          </Group>

          {settling ? (
            <Skeleton visibleFrom="sm" circle height={38} aria-hidden />
          ) : user === null ? (
            <Group gap="xs" visibleFrom="sm">
              <Button component={Link} to="/signup" variant="subtle">
                Signup
              </Button>
              <Button component={Link} to="/login">
                Login
              </Button>
            </Group>
          ) : (
            <Group visibleFrom="sm">
              <AccountMenu user={user} onLogout={logout} loggingOut={logoutMutation.isPending} />
            </Group>
          )}

          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="sm"
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={drawerOpened}
            aria-controls={MOBILE_NAV_ID}
          />
        </Group>
      </Container>

      <Drawer
        id={MOBILE_NAV_ID}
        opened={drawerOpened}
        onClose={drawer.close}
        title={SALON_NAME}
        position="right"
        size="xs"
        hiddenFrom="sm"
      >
        <Stack component="nav" aria-label="Main" gap={4}>
          {navLinks(drawer.close)}
          {user === null && !settling
            ? AUTH_NAV_ITEMS.map((item) => (
                <NavLink key={item.to} to={item.to} className={classes.link} onClick={drawer.close}>
                  {item.label}
                </NavLink>
              ))
            : null}
        </Stack>
        {user === null ? null : (
          <Stack gap="sm" mt="lg" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Group gap="sm" wrap="nowrap">
              <UserAvatar user={user} />
              <Text fw={600} truncate>
                {user.fullName}
              </Text>
            </Group>
            <NavLink to="/my-appointments" className={classes.link} onClick={drawer.close}>
              My appointments
            </NavLink>
            <Button variant="light" onClick={logout} loading={logoutMutation.isPending}>
              Logout
            </Button>
          </Stack>
        )}
      </Drawer>
    </header>
  );
}

function UserAvatar({ user }: { user: CurrentUser }) {
  return <PersonAvatar person={user} />;
}

function AccountMenu({
  user,
  onLogout,
  loggingOut,
}: {
  user: CurrentUser;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={user.fullName} style={{ borderRadius: '50%' }}>
          <UserAvatar user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.fullName}</Menu.Label>
        <Menu.Item component={Link} to="/my-appointments">
          My appointments
        </Menu.Item>
        <Menu.Item onClick={onLogout} disabled={loggingOut}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
