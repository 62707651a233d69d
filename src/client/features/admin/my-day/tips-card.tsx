import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { addDays } from '@/client/lib/day-format';
import { formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';

/**
 * My day's tips (README "The till"): what the specialist was tipped on the day shown and in the
 * 30 days up to it, from the till's sales. Only their own: the server answers a specialist nothing else.
 */
export function TipsCard({ day }: { day: string }) {
  const month = trpc.admin.sales.tips.useQuery({ from: addDays(day, -29), to: day });
  const onDay = month.data?.tips
    .filter((tip) => tip.day === day)
    .reduce((sum, tip) => sum + Math.round(tip.amount * 100), 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tips-title">
      <Stack gap="xs">
        <Text fw={600} id="tips-title">
          Tips
        </Text>
        {month.isPending ? (
          <Skeleton height={24} radius="sm" aria-busy />
        ) : month.isError ? (
          <Alert color="red" title="Your tips could not be loaded">
            {month.error.message}
          </Alert>
        ) : (
          <Group gap="xl">
            <div>
              <Text size="xs" c="dimmed">
                This day
              </Text>
              <Text fw={700} data-testid="tips-day">
                {formatPrice((onDay ?? 0) / 100)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                The last 30 days
              </Text>
              <Text fw={700} data-testid="tips-month">
                {formatPrice(month.data.total)}
              </Text>
            </div>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
