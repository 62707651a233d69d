import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPasswordFormSchema } from '@/shared/schemas/auth';
import { usePageTitle } from '@/client/lib/use-page-title';
import { AuthCard } from './auth-card';
import { useResetPassword } from './api/auth';
import { LiveForm } from '@/client/components/forms/live-form';

/** Opened from the e-mailed link: /reset-password/{token}. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });
  const reset = useResetPassword(() => {
    void navigate('/login');
  });

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      <LiveForm
        legend="Your new password"
        onSubmit={form.onSubmit(({ password }) => reset.mutate({ token, password }))}
      >
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Reset password
          </Button>
          <Text size="sm" ta="center">
            Link expired?{' '}
            <Anchor component={Link} to="/forgot-password">
              Ask for a new one
            </Anchor>
          </Text>
        </Stack>
      </LiveForm>
    </AuthCard>
  );
}
