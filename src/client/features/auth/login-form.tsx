import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '@/shared/schemas/auth';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { LiveForm } from '@/client/components/forms/live-form';

const LOGIN_FAILED = 'Login failed. Please try again.';

/** The part of a login mutation (`trpc.public.auth.login`, `trpc.public.adminAuth.login`) the form uses. */
interface LoginProcedure<Account> {
  useMutation: (handlers: { onSuccess: (data: { user: Account }) => void; onError: (error: unknown) => void }) => {
    mutate: (input: LoginInput) => void;
    isPending: boolean;
  };
}

interface LoginFormProps<Account extends { fullName: string }> {
  procedure: LoginProcedure<Account>;
  /** The session store that keeps the account once logged in. */
  store: { setCredentials: (account: Account) => void };
  /** Someone of this kind already logged in goes straight to `home`. */
  isAuthenticated: boolean;
  /** Where a login leads. */
  home: string;
  /** The e-mail field's `autocomplete`. */
  emailAutoComplete: string;
  /** The page around the form. */
  frame: (form: ReactNode) => ReactNode;
  /** Above the fields, within the form. */
  heading?: ReactNode;
  /** Between the password and the Login button: the way to a forgotten password. */
  forgotLink: ReactNode;
  /** Under the Login button. */
  footer: ReactNode;
}

/** E-mail and password, for a customer or an admin: the two login pages differ by these props. */
export function LoginForm<Account extends { fullName: string }>({
  procedure,
  store,
  isAuthenticated,
  home,
  emailAutoComplete,
  frame,
  heading,
  forgotLink,
  footer,
}: LoginFormProps<Account>) {
  const navigate = useNavigate();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });
  const login = procedure.useMutation({
    onSuccess: ({ user }) => {
      store.setCredentials(user);
      notifySuccess(`Welcome back ${user.fullName || 'user'}`);
      void navigate(home);
    },
    onError: (error) => {
      notifyError(error, LOGIN_FAILED);
    },
  });

  // Someone already logged in has nothing to do here (and lands on `home` right after logging in).
  if (isAuthenticated && !login.isPending) return <Navigate to={home} replace />;

  return frame(
    <LiveForm legend="Your email and password" onSubmit={form.onSubmit((values) => login.mutate(values))}>
      <Stack gap="md">
        {heading}
        <TextInput
          label="Email"
          type="email"
          autoComplete={emailAutoComplete}
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        {forgotLink}
        <Button type="submit" fullWidth loading={login.isPending}>
          Login
        </Button>
        {footer}
      </Stack>
    </LiveForm>,
  );
}
