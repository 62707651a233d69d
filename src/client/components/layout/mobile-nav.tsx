import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { SALON_NAME } from '@/shared/constants';
import type { CurrentUser } from '@/client/lib/auth/use-current-user';
import '@/client/app/public-styles';
import { PersonAvatar } from '@/client/components/person-avatar';
import { authPagePath, returnPathFrom } from '@/client/lib/return-path';
import { AUTH_NAV_ITEMS, MOBILE_NAV_ID } from './nav-items';
import classes from './public-layout.module.css';

/**
 * The phone navigation drawer. Its own chunk, fetched the first time the burger is pressed (see
 * site-header.tsx): most visits never open it.
 */
export function MobileNav({
  opened,
  onClose,
  navLinks,
  user,
  settling,
  onLogout,
  loggingOut,
}: {
  opened: boolean;
  onClose: () => void;
  navLinks: (onNavigate: () => void) => ReactNode;
  user: CurrentUser | null;
  settling: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  // The drawer mounts already asked to open; starting closed for one frame lets it slide in.
  const [ready, setReady] = useState(false);
  // Logging in (or signing up) from here leads back to the page being read.
  const returnTo = returnPathFrom(useLocation());
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <Drawer
      id={MOBILE_NAV_ID}
      opened={opened && ready}
      onClose={onClose}
      title={SALON_NAME}
      position="right"
      size="xs"
      hiddenFrom="sm"
    >
      <Stack component="nav" aria-label="Main" gap={4}>
        {navLinks(onClose)}
        {user === null && !settling
          ? AUTH_NAV_ITEMS.map((item) => (
              <NavLink key={item.to} to={authPagePath(item.to, returnTo)} className={classes.link} onClick={onClose}>
                {item.label}
              </NavLink>
            ))
          : null}
      </Stack>
      {user === null ? null : (
        <Stack gap="sm" mt="lg" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          <Group gap="sm" wrap="nowrap">
            <PersonAvatar person={user} />
            <Text fw={600} truncate>
              {user.fullName}
            </Text>
          </Group>
          <NavLink to="/my-appointments" className={classes.link} onClick={onClose}>
            My appointments
          </NavLink>
          <Button variant="light" onClick={onLogout} loading={loggingOut}>
            Logout
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
