import { Loader, Text, Timeline } from '@mantine/core';
import { trpc } from '@/client/lib/trpc';
import { formatDateTime } from './admin-format';
import { actionText, actorText } from './activity-format';

/** A booking's history: who made it, moved it, changed its status or cancelled it, and when, oldest first. */
export function BookingTimeline({ bookingId }: { bookingId: string }) {
  const history = trpc.admin.bookings.history.useQuery({ id: bookingId });
  if (history.isPending) return <Loader size="xs" aria-label="Loading the history" />;
  if (history.error) {
    return (
      <Text size="sm" c="red">
        The history could not be loaded.
      </Text>
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No changes recorded yet.
      </Text>
    );
  }
  return (
    <Timeline active={history.data.length - 1} bulletSize={12} lineWidth={2} aria-label="Booking history">
      {history.data.map((entry) => (
        <Timeline.Item
          key={entry._id}
          title={
            <Text size="sm" fw={600}>
              {actionText(entry)}
              {entry.detail ? <Text span size="sm" fw={400}>{`: ${entry.detail}`}</Text> : null}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.at)} · {actorText(entry)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
