import { Anchor, Center, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { adminAuthStore } from '@/client/lib/auth/admin-auth-store';
import { LoginForm } from '@/client/features/auth/login-form';
import { useCurrentAdmin } from '@/client/lib/auth/use-current-admin';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';

export function AdminLoginPage() {
  usePageTitle('Admin login');
  // An admin who is still logged in goes straight to the back office.
  const { isAuthenticated } = useCurrentAdmin();

  return (
    <LoginForm
      procedure={trpc.public.adminAuth.login}
      store={adminAuthStore}
      isAuthenticated={isAuthenticated}
      home="/admin"
      emailAutoComplete="username"
      frame={(form) => (
        <Center
          component="main"
          mih="100dvh"
          p="md"
          style={{
            background: 'linear-gradient(135deg, var(--mantine-color-pink-0) 0%, var(--mantine-color-grape-0) 100%)',
          }}
        >
          <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={420}>
            {form}
          </Paper>
        </Center>
      )}
      heading={
        <Title order={1} ta="center">
          Welcome Admin
        </Title>
      }
      forgotLink={
        <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
          Forgot password
        </Anchor>
      }
      footer={
        <Anchor component={Link} to="/" ta="center" size="sm">
          Back to the salon website
        </Anchor>
      }
    />
  );
}
