import { Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { RECENT_BOOKINGS_LIMIT } from '@/shared/constants';
import type { Booking } from '@/shared/schemas/bookings';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { BOOKING_COLUMNS, CalendarLink, StatusBadge } from '@/client/features/admin/shared/booking-columns';
import { CountCards } from '@/client/components/admin/admin-page-header';
import { BookingsChartCard } from './bookings-chart-card';
import { NeedsAttentionCard } from './needs-attention-card';
import { TodayCard } from './today-card';

const STATS_FAILED = 'An error occurred';
const RECENT_FAILED = 'An error occurred';

const RECENT_COLUMNS: AdminColumn<Booking>[] = [
  ...BOOKING_COLUMNS,
  { header: 'Status', card: 'status', cell: (booking) => <StatusBadge booking={booking} /> },
  // Each recent booking opens in the calendar, on its day with its details.
  { header: 'Actions', hideHeader: true, card: 'actions', cell: (booking) => <CalendarLink booking={booking} /> },
];

/**
 * The back office's home: four counts, today (its figures, the next bookings and those to
 * confirm), bookings per day around today,
 * the bookings that need attention (time off or a closed day overlaps them) and the most recent
 * appointments, read-only.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const statsQuery = trpc.admin.stats.useQuery();
  useErrorToast(statsQuery.error, STATS_FAILED, 'admin-stats-fetch-error');
  const recentQuery = trpc.admin.bookings.list.useQuery({ limit: RECENT_BOOKINGS_LIMIT });
  // Appointment load errors are only logged, with no toast.
  useEffect(() => {
    if (recentQuery.error) console.error('Failed to load recent appointments', recentQuery.error);
  }, [recentQuery.error]);

  const stats = statsQuery.data;
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <CountCards
        counts={[
          { label: 'Total Appointments', value: stats?.totalBookings },
          { label: 'Total Services', value: stats?.totalServices },
          { label: 'Total Users', value: stats?.totalUsers },
          { label: 'Total Reviews', value: stats?.totalReviews },
        ]}
      />
      <TodayCard />
      <NeedsAttentionCard />
      <BookingsChartCard />
      <div>
        <Title order={2} size="h3">
          Recent Appointments
        </Title>
        <Text size="sm" c="dimmed">
          The latest booked first
        </Text>
      </div>
      <AdminTable
        label="Recent Appointments"
        columns={RECENT_COLUMNS}
        items={recentQuery.data?.bookings}
        getKey={(booking) => booking._id}
        loading={recentQuery.isPending}
        error={recentQuery.error}
        errorFallback={RECENT_FAILED}
        onRetry={() => void recentQuery.refetch()}
        emptyText="No appointments found"
        minWidth={720}
      />
    </Stack>
  );
}
