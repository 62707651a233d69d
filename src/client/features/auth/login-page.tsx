import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, Navigate, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '../../../shared/schemas/auth';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { useUserAuth, userAuthStore } from './user-auth-store';

const LOGIN_FAILED = 'Login failed. Please try again.';

export function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const { isAuthenticated } = useUserAuth();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });
  const login = trpc.public.auth.login.useMutation({
    onSuccess: ({ user }) => {
      userAuthStore.setCredentials(user);
      notifySuccess(`Welcome back ${user.fullName}`);
      void navigate('/');
    },
    onError: (error) => {
      notifyError(error, LOGIN_FAILED);
    },
  });

  // Someone already logged in has nothing to do here (and lands home right after logging in).
  if (isAuthenticated && !login.isPending) return <Navigate to="/" replace />;

  return (
    <AuthCard title="Login" intro="Log in to book appointments and leave reviews.">
      <form noValidate onSubmit={form.onSubmit((values) => login.mutate(values))}>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            Login
          </Button>
          <Text size="sm" ta="center">
            New here?{' '}
            <Anchor component={Link} to="/signup">
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
