import { Anchor, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '@/client/lib/use-page-title';
import { AuthCard } from './auth-card';
import { useResetPassword } from './api/auth';
import { ChoosePasswordForm } from './choose-password-form';

/** Opened from the e-mailed link: /reset-password/{token}. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword(() => {
    void navigate('/login');
  });

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      <ChoosePasswordForm
        submitLabel="Reset password"
        pending={reset.isPending}
        onChoose={(password) => reset.mutate({ token, password })}
      >
        <Text size="sm" ta="center">
          Link expired?{' '}
          <Anchor component={Link} to="/forgot-password">
            Ask for a new one
          </Anchor>
        </Text>
      </ChoosePasswordForm>
    </AuthCard>
  );
}
