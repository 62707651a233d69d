// My appointments → Waitlist (README "Waitlist"): what the customer waits for, and a way off it.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { partOfDayLabel, WAITLIST_PROMISE, waitlistItemsText } from '@/shared/schemas/waitlist';
import { formatDayWithWeekday } from '@/shared/time-format';
import { notifyError, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';

const LEAVE_FAILED = 'Could not leave the waitlist. Please try again.';

/** The customer's waiting entries; nothing at all while they wait for nothing. */
export function WaitlistSection() {
  const utils = trpc.useUtils();
  const waitlistQuery = trpc.customer.waitlist.list.useQuery();
  const leave = trpc.customer.waitlist.leave.useMutation({
    onSuccess: () => {
      notifySuccess('You left the waitlist');
    },
    onError: (error) => {
      notifyError(error, LEAVE_FAILED);
    },
    onSettled: () => void utils.customer.waitlist.list.invalidate(),
  });
  const entries = waitlistQuery.data ?? [];
  if (entries.length === 0) return null;

  return (
    <section aria-labelledby="appointments-waitlist">
      <Title order={2} id="appointments-waitlist" mt="xl" mb="xs" size="h3">
        Waitlist
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {WAITLIST_PROMISE}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Card key={entry._id} component="li" withBorder radius="md" padding="md" data-testid="waitlist-entry">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Stack gap={4}>
                <Text fw={600}>{waitlistItemsText(entry.items)}</Text>
                <Text size="sm">
                  {entry.fromDate === entry.toDate
                    ? formatDayWithWeekday(entry.fromDate)
                    : `${formatDayWithWeekday(entry.fromDate)} to ${formatDayWithWeekday(entry.toDate)}`}{' '}
                  · {partOfDayLabel(entry.partOfDay)}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="outline"
                color="red"
                loading={leave.isPending && leave.variables.id === entry._id}
                onClick={() => {
                  leave.mutate({ id: entry._id });
                }}
              >
                Leave waitlist
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </section>
  );
}
