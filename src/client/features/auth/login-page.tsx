import { Anchor, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { useUserAuth, userAuthStore } from '@/client/lib/auth/user-auth-store';
import { authPagePath, returnPathFrom } from '@/client/lib/return-path';

export function LoginPage() {
  usePageTitle('Login');
  const { isAuthenticated } = useUserAuth();
  // `?next=`: the page the customer was sent here from, if it is one of ours (return-path.ts).
  const returnTo = returnPathFrom(useLocation());

  return (
    <LoginForm
      procedure={trpc.public.auth.login}
      store={userAuthStore}
      isAuthenticated={isAuthenticated}
      home={returnTo}
      emailAutoComplete="email"
      frame={(form) => (
        <AuthCard title="Login" intro="Log in to book appointments and leave reviews.">
          {form}
        </AuthCard>
      )}
      forgotLink={
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
      }
      footer={
        <Text size="sm" ta="center">
          New here?{' '}
          <Anchor component={Link} to={authPagePath('/signup', returnTo)}>
            Sign up
          </Anchor>
        </Text>
      }
    />
  );
}
