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
 * customer messages whose timing the server's environment sets.
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
        label="Tell the salon about each new, moved or cancelled booking"
        description={
          view.salonEmail ? (
            `Sent to ${view.salonEmail}, the salon's contact e-mail (published when you save Account Setting).`
          ) : (
            <Text span inherit c="orange.9">
              No contact e-mail is set, so these e-mails have nowhere to go. Save your profile in Account Setting: your
              login e-mail becomes the salon&apos;s contact e-mail.
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
        <Text fw={500}>Messages to customers</Text>
        <Text size="sm">
          {view.reminderHours > 0
            ? `Reminders: ${hours(view.reminderHours)} before each booking.`
            : 'Reminders are off (REMINDER_HOURS=0).'}
        </Text>
        <Text size="sm">
          {view.reviewRequestHours > 0
            ? `Review requests: ${hours(view.reviewRequestHours)} after a booking is completed.`
            : 'Review requests are off (REVIEW_REQUEST_HOURS=0).'}
        </Text>
        <Text size="xs" c="dimmed">
          These are set by the server&apos;s environment (REMINDER_HOURS, REVIEW_REQUEST_HOURS), not here: ask whoever
          runs the server to change them.
        </Text>
      </Stack>
    </Stack>
  );
}
