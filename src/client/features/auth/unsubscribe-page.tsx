import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { LiveForm } from '@/client/components/forms/live-form';
import { AuthCard } from './auth-card';

/** What the page offers to turn off: a nudge's link (`?mails=nudges`) turns off the nudges alone. */
const WORDS = {
  reminders: {
    intro: 'Appointment reminders and review requests by e-mail',
    legend: 'Unsubscribe from reminders and review requests',
    ask: 'Stop the e-mails that remind you of an appointment and ask how it went? Confirmations and changes of your bookings still come by e-mail.',
  },
  nudges: {
    intro: 'Nudges to rebook by e-mail',
    legend: 'Unsubscribe from nudges to rebook',
    ask: 'Stop the e-mails that suggest booking a service again when it is about time? Reminders of your appointments, confirmations and changes of your bookings still come by e-mail.',
  },
} as const;

/**
 * Opened from the unsubscribe link of a reminder or review request: /unsubscribe/{token} (of a
 * nudge to rebook: with `?mails=nudges`). Opening it changes nothing (mail scanners open links
 * too); the button turns the mails off. A mail provider's own "Unsubscribe" button POSTs to the
 * same address without this page.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const { token = '' } = useParams();
  const mails = useSearchParams()[0].get('mails') === 'nudges' ? 'nudges' : 'reminders';
  const words = WORDS[mails];
  const unsubscribe = trpc.public.reminderMails.unsubscribe.useMutation();

  return (
    <AuthCard title="Unsubscribe" intro={words.intro}>
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
          legend={words.legend}
          onSubmit={(event) => {
            event.preventDefault();
            unsubscribe.mutate({ token, mails });
          }}
        >
          <Stack gap="md">
            <Text>{words.ask}</Text>
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
