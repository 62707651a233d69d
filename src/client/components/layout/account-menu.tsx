import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { CurrentUser } from '@/client/lib/auth/use-current-user';
import '@/client/app/public-styles';
import { PersonAvatar } from '@/client/components/person-avatar';

/**
 * The logged-in customer's avatar menu in the header. Its own chunk (see site-header.tsx): the
 * menu brings Mantine's floating layer, which guests never need.
 */
export function AccountMenu({
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
          <PersonAvatar person={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.fullName}</Menu.Label>
        <Menu.Item component={Link} to="/my-appointments">
          My appointments
        </Menu.Item>
        <Menu.Item component={Link} to="/my-account">
          My account
        </Menu.Item>
        <Menu.Item onClick={onLogout} disabled={loggingOut}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
