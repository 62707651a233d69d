import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@/shared/schemas/auth';
import { usePageTitle } from '@/client/lib/use-page-title';
import { AuthCard } from './auth-card';
import { useForgotPassword } from './api/auth';
import { LiveForm } from '@/client/components/forms/live-form';

/** For customers and admins alike: the server mails a link to whichever account has the address. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });
  const forgot = useForgotPassword();

  return (
    <AuthCard title="Forgot password" intro="Enter your email and we will send you a link to choose a new password.">
      <LiveForm legend="Your account's email" onSubmit={form.onSubmit((values) => forgot.mutate(values))}>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={forgot.isPending}>
            Send reset link
          </Button>
          {forgot.data ? (
            <Text size="sm" ta="center" role="status">
              {forgot.data.message}
            </Text>
          ) : null}
          <Text size="sm" ta="center">
            Remembered it?{' '}
            <Anchor component={Link} to="/login">
              Back to login
            </Anchor>
          </Text>
        </Stack>
      </LiveForm>
    </AuthCard>
  );
}
