import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { LiveForm } from '@/client/components/forms/live-form';
import { AuthCard } from './auth-card';

/**
 * Opened from the unsubscribe link of a reminder or review request: /unsubscribe/{token}. Opening
 * it changes nothing (mail scanners open links too); the button turns the mails off. A mail
 * provider's own "Unsubscribe" button POSTs to the same address without this page.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const { token = '' } = useParams();
  const unsubscribe = trpc.public.reminderMails.unsubscribe.useMutation();

  return (
    <AuthCard title="Unsubscribe" intro="Appointment reminders and review requests by e-mail">
      {unsubscribe.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" title="Unsubscribed">
            {unsubscribe.data.message}
          </Alert>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/my-account">
              My account
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/">
              Home page
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <LiveForm
          legend="Unsubscribe from reminders and review requests"
          onSubmit={(event) => {
            event.preventDefault();
            unsubscribe.mutate({ token });
          }}
        >
          <Stack gap="md">
            <Text>
              Stop the e-mails that remind you of an appointment and ask how it went? Confirmations and changes of your
              bookings still come by e-mail.
            </Text>
            {unsubscribe.isError ? (
              <Alert color="red" title="Not unsubscribed">
                {errorMessage(unsubscribe.error, 'Something went wrong. Please try again.')}
              </Alert>
            ) : null}
            <Button type="submit" fullWidth loading={unsubscribe.isPending}>
              Unsubscribe
            </Button>
          </Stack>
        </LiveForm>
      )}
    </AuthCard>
  );
}
