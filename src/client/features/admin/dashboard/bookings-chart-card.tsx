import { Anchor, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { localCalendarDay } from '@/shared/calendar-days';
import { addDays } from '@/client/lib/day-format';
import { trpc } from '@/client/lib/trpc';

const DAYS_BACK = 30;
const DAYS_AHEAD = 7;
const CHART_HEIGHT = 220;

// The charting library is the largest piece of the back office: the dashboard's counts and lists
// show without waiting for it.
const BookingsPerDayChart = lazy(() =>
  import('@/client/features/admin/reports/report-charts').then((m) => ({ default: m.BookingsPerDayChart })),
);

/**
 * The dashboard's glance at the salon's trade: bookings on each of the last 30 days and
 * the next 7, today marked, with a way into the full reports.
 */
export function BookingsChartCard() {
  const today = localCalendarDay();
  const period = { from: addDays(today, -DAYS_BACK), to: addDays(today, DAYS_AHEAD) };
  const reportQuery = trpc.admin.reports.get.useQuery(period);
  const report = reportQuery.data;

  const placeholder = <Skeleton height={CHART_HEIGHT} radius="md" />;
  let body;
  if (report) {
    body = (
      <Suspense fallback={placeholder}>
        <BookingsPerDayChart perDay={report.perDay} today={today} />
      </Suspense>
    );
  } else if (reportQuery.error) {
    body = (
      <Text c="red.8" size="sm" py="xl" ta="center">
        The chart could not be loaded.{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => void reportQuery.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  } else {
    body = placeholder;
  }

  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-label="Bookings per day" miw={0}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4">
          Bookings per day
        </Title>
        <Anchor component={Link} to="/admin/reports" size="sm">
          Open reports
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        The last {DAYS_BACK} days and the next {DAYS_AHEAD}, cancelled bookings left out
      </Text>
      {body}
    </Paper>
  );
}
