import { Button, Divider, Skeleton, Stack, Switch, Text } from '@mantine/core';
import type { NotificationSettings, NotificationSettingsView } from '@/shared/schemas/notifications';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useSaveNotificationSettings } from './api/notifications';
import { SettingsCard } from './settings-card';

const FETCH_FAILED = 'Failed to load notification settings';

const hours = (n: number) => `${String(n)} ${n === 1 ? 'hour' : 'hours'}`;

/**
 * Settings > Notifications: the salon's own switch (a mail about each booking change), beside the
 * e-mails customers get, in the owner's words; their timing is the installation's (the server's
 * environment), named only in a small hint for whoever runs it.
 */
export function NotificationsSection() {
  const settingsQuery = trpc.admin.notifications.get.useQuery();
  useErrorToast(settingsQuery.error, FETCH_FAILED, 'admin-notifications-fetch-error');

  let body;
  if (settingsQuery.isPending) {
    body = (
      <Stack gap="sm" aria-busy>
        <Skeleton height={24} width="70%" radius="sm" />
        <Skeleton height={14} width="40%" radius="sm" />
        <Skeleton height={14} width="60%" radius="sm" mt="md" />
      </Stack>
    );
  } else if (settingsQuery.isError) {
    body = (
      <Stack align="flex-start" gap="xs">
        <Text c="red.8">{errorMessage(settingsQuery.error, FETCH_FAILED)}</Text>
        <Button size="xs" variant="outline" onClick={() => void settingsQuery.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else {
    body = <NotificationSettingsForm view={settingsQuery.data} />;
  }

  return (
    <SettingsCard title="Notifications" description="What the salon is told about, and when customers hear from it.">
      {body}
    </SettingsCard>
  );
}

function NotificationSettingsForm({ view }: { view: NotificationSettingsView }) {
  const save = useSaveNotificationSettings();
  // While saving, the switch shows where it is going; a refusal puts it back.
  const checked = save.isPending ? save.variables.notifyBookings : view.notifyBookings;
  const toggle = (input: NotificationSettings) => save.mutate(input);

  return (
    <Stack gap="lg">
      <Switch
        size="md"
        label="E-mail the salon about each new, moved or cancelled booking"
        description={
          view.salonEmail ? (
            `Sent to ${view.salonEmail}, the salon's contact e-mail (change it in Salon details).`
          ) : (
            <Text span inherit c="orange.9">
              The salon has no contact e-mail yet, so these e-mails have nowhere to go. Save the salon&apos;s details in
              Salon details first.
            </Text>
          )
        }
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => toggle({ notifyBookings: event.currentTarget.checked })}
        styles={{ label: { fontWeight: 500 } }}
      />
      <Divider />
      <Stack gap={6}>
        <Text fw={500}>E-mails to customers</Text>
        <Text size="sm">
          {view.reminderHours > 0
            ? `Reminder e-mails are sent ${hours(view.reminderHours)} before a visit.`
            : 'Reminder e-mails before a visit are not sent.'}
        </Text>
        <Text size="sm">
          {view.reviewRequestHours > 0
            ? `A request to review the visit is sent ${hours(view.reviewRequestHours)} after it is completed.`
            : 'Requests to review a visit are not sent.'}
        </Text>
        <Text size="sm">Customers can turn both off in their account, or with the link in each e-mail.</Text>
        <Text size="xs" c="dimmed">
          These times are part of how the app is installed: to change them, ask whoever runs it (for them:
          REMINDER_HOURS and REVIEW_REQUEST_HOURS).
        </Text>
      </Stack>
    </Stack>
  );
}
