import { Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink } from 'react-router';
import { SALON_NAME } from '../../../shared/constants';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { AUTH_NAV_ITEMS, PUBLIC_NAV_ITEMS } from './nav-items';
import classes from './public-layout.module.css';

const MOBILE_NAV_ID = 'mobile-navigation';

export function SiteHeader() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const user = useCurrentUser();

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

          {/* Logged in, the avatar menu with Logout takes this place (accounts issue). */}
          {user === null ? (
            <Group gap="xs" visibleFrom="sm">
              <Button component={Link} to="/signup" variant="subtle">
                Signup
              </Button>
              <Button component={Link} to="/login">
                Login
              </Button>
            </Group>
          ) : null}

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
          {user === null
            ? AUTH_NAV_ITEMS.map((item) => (
                <NavLink key={item.to} to={item.to} className={classes.link} onClick={drawer.close}>
                  {item.label}
                </NavLink>
              ))
            : null}
        </Stack>
      </Drawer>
    </header>
  );
}
