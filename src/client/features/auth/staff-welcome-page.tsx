import { Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '@/client/lib/use-page-title';
import { AuthCard } from './auth-card';
import { useAcceptInvitation } from './api/auth';
import { ChoosePasswordForm } from './choose-password-form';

/** Opened from a new member of staff's invitation: /admin/welcome/{token} (README "The team"). */
export function StaffWelcomePage() {
  usePageTitle('Welcome to the team');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(() => {
    void navigate('/admin/login');
  });

  return (
    <AuthCard
      title="Welcome to the team"
      intro="Choose the password of your back-office account. You then sign in with your e-mail and this password."
    >
      <ChoosePasswordForm
        submitLabel="Set my password"
        pending={accept.isPending}
        onChoose={(password) => accept.mutate({ token, password })}
      >
        <Text size="sm" c="dimmed" ta="center">
          The link works once, for 72 hours. Expired? Ask the salon&apos;s owner to invite you again.
        </Text>
      </ChoosePasswordForm>
    </AuthCard>
  );
}
