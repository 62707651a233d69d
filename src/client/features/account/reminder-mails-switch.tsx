import { Paper, Skeleton, Switch } from '@mantine/core';
import { trpc } from '@/client/lib/trpc';
import { useSaveReminderMails } from './api/account';

/**
 * My account's switch for reminder e-mails: appointment reminders and review requests (the
 * unsubscribe link in those mails turns the same switch off).
 */
export function ReminderMailsSwitch() {
  const current = trpc.customer.account.reminderMails.useQuery();
  const save = useSaveReminderMails();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
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
    </Paper>
  );
}
