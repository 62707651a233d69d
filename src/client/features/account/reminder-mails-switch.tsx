import { Paper, Skeleton, Stack, Switch } from '@mantine/core';
import { trpc } from '@/client/lib/trpc';
import { useSaveNudges, useSaveReminderMails } from './api/account';

/**
 * My account's switches for reminder e-mails: appointment reminders and review requests, and the
 * nudges to rebook (the unsubscribe link in those mails turns the same switch off).
 */
export function ReminderMailsSwitch() {
  const current = trpc.customer.account.reminderMails.useQuery();
  const save = useSaveReminderMails();
  const nudges = trpc.customer.account.nudges.useQuery();
  const saveNudges = useSaveNudges();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {current.data ? (
          <Switch
            size="md"
            label="Reminders and review requests"
            description="An e-mail before each appointment, and one asking how it went. Confirmations and changes of your bookings always come."
            checked={save.isPending ? save.variables.reminderMails : current.data.reminderMails}
            disabled={save.isPending}
            onChange={(event) => {
              save.mutate({ reminderMails: event.currentTarget.checked });
            }}
          />
        ) : (
          <Skeleton height={44} aria-label="Loading your e-mail settings" />
        )}
        {nudges.data ? (
          <Switch
            size="md"
            label="Nudges to rebook"
            description="An e-mail when it is about time to book a service you had again (for services the salon sets an interval for), with the same specialist chosen."
            checked={saveNudges.isPending ? saveNudges.variables.nudges : nudges.data.nudges}
            disabled={saveNudges.isPending}
            onChange={(event) => {
              saveNudges.mutate({ nudges: event.currentTarget.checked });
            }}
          />
        ) : (
          <Skeleton height={44} aria-label="Loading your nudge settings" />
        )}
      </Stack>
    </Paper>
  );
}
