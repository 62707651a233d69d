import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { trpc } from '@/client/lib/trpc';
import { CalendarFeedAddress } from '@/client/features/admin/shared/calendar-feed-address';

/** My day's last card: the specialist's private calendar feed address, to subscribe to in their calendar app. */
export function CalendarFeedCard() {
  const feed = trpc.admin.calendarFeeds.mine.useQuery();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <div>
          <Text fw={600} id="calendar-feed-title">
            Calendar feed
          </Text>
          <Text size="sm" c="dimmed">
            Subscribe in Google Calendar, Apple Calendar or Outlook to see your bookings there.
          </Text>
        </div>
        {feed.isPending ? (
          <Skeleton height={36} radius="sm" aria-busy />
        ) : feed.isError ? (
          <Alert color="red" title="The calendar feed could not be loaded">
            {feed.error.message}
          </Alert>
        ) : (
          <CalendarFeedAddress feed={feed.data} label="Your calendar feed address" whose="your" />
        )}
        <Text size="xs" c="dimmed">
          Anyone with this address sees your bookings (service and first name only): keep it to yourself.
        </Text>
      </Stack>
    </Paper>
  );
}
