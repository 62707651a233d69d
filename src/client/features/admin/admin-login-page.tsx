import { Anchor, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, Navigate, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '../../../shared/schemas/auth';
import { adminAuthStore } from '../auth/admin-auth-store';
import { useCurrentAdmin } from '../auth/use-current-admin';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';

const LOGIN_FAILED = 'Login failed. Please try again.';

export function AdminLoginPage() {
  usePageTitle('Admin login');
  const navigate = useNavigate();
  // An admin who is still logged in goes straight to the back office.
  const { isAuthenticated } = useCurrentAdmin();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });
  const login = trpc.public.adminAuth.login.useMutation({
    onSuccess: ({ user }) => {
      adminAuthStore.setCredentials(user);
      notifySuccess(`Welcome back ${user.fullName || 'user'}`);
      void navigate('/admin');
    },
    onError: (error) => {
      notifyError(error, LOGIN_FAILED);
    },
  });

  if (isAuthenticated && !login.isPending) return <Navigate to="/admin" replace />;

  return (
    <Center
      component="main"
      mih="100dvh"
      p="md"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-pink-0) 0%, var(--mantine-color-grape-0) 100%)',
      }}
    >
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={420}>
        <form noValidate onSubmit={form.onSubmit((values) => login.mutate(values))}>
          <Stack gap="md">
            <Title order={1} ta="center">
              Welcome Admin
            </Title>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              {...form.getInputProps('password')}
            />
            <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
              Forgot password
            </Anchor>
            <Button type="submit" fullWidth loading={login.isPending}>
              Login
            </Button>
            <Anchor component={Link} to="/" ta="center" size="sm">
              Back to the salon website
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
