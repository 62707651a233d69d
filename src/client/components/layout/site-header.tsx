import { Button, Container, Group, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { SALON_NAME } from '@/shared/constants';
import { useUserAuth, userAuthStore } from '@/client/lib/auth/user-auth-store';
import { trpc } from '@/client/lib/trpc';
import { authPagePath, returnPathFrom } from '@/client/lib/return-path';
import { PersonAvatar } from '@/client/components/person-avatar';
import { useHydrated } from '@/client/lib/use-hydrated';
import { NavBurger } from './nav-burger';
import { MOBILE_NAV_ID, PUBLIC_NAV_ITEMS } from './nav-items';
import classes from './public-layout.module.css';

// The avatar menu and the phone drawer bring Mantine's popover and modal machinery; they are
// fetched only when needed (a logged-in customer, a first press on the burger), not on every visit.
const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(() => loadMobileNav().then((m) => ({ default: m.MobileNav })));
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

export function SiteHeader() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const live = useHydrated();
  // Stays true after the first open, so the drawer can play its closing transition.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const { user, status } = useUserAuth();
  // Until the server has said who is here, neither the login links nor the avatar flash in.
  const settling = status === 'idle' || status === 'loading';
  const logoutMutation = trpc.customer.account.logout.useMutation();
  // Logging in (or signing up) from the header leads back to the page being read.
  const returnTo = returnPathFrom(useLocation());

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

  const toggleDrawer = () => {
    setDrawerWanted(true);
    drawer.toggle();
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
              <Button component={Link} to={authPagePath('/signup', returnTo)} variant="subtle">
                Signup
              </Button>
              <Button component={Link} to={authPagePath('/login', returnTo)}>
                Login
              </Button>
            </Group>
          ) : (
            <Group visibleFrom="sm">
              {/* The bare avatar holds the menu's place while its chunk loads. */}
              <Suspense fallback={<PersonAvatar person={user} />}>
                <AccountMenu user={user} onLogout={logout} loggingOut={logoutMutation.isPending} />
              </Suspense>
            </Group>
          )}

          <NavBurger
            opened={drawerOpened}
            onClick={toggleDrawer}
            // The server's page shows it before its script runs: until then a press would do nothing.
            disabled={!live}
            // Starts fetching the drawer as the finger or pointer comes down, before the click.
            onPointerDown={() => void loadMobileNav()}
            hiddenFrom="sm"
            aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={drawerOpened}
            aria-controls={MOBILE_NAV_ID}
          />
        </Group>
      </Container>

      {drawerWanted ? (
        <Suspense fallback={null}>
          <MobileNav
            opened={drawerOpened}
            onClose={drawer.close}
            navLinks={navLinks}
            user={user}
            settling={settling}
            onLogout={logout}
            loggingOut={logoutMutation.isPending}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
