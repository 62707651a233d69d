import { ColorSwatch, Group, Paper, Progress, SimpleGrid, Text, Title } from '@mantine/core';
import { FigureCard } from '@/client/components/admin/figure-card';
import { BOOKING_STATUSES, BOOKING_STATUS_COLORS } from '@/shared/constants';
import type { SalonReport } from '@/shared/schemas/reports';
import { formatPrice } from '@/client/lib/format';
import { statusLabel } from '@/client/features/admin/shared/booking-status';
import { formatPercent } from './report-period';

interface Figure {
  label: string;
  /** What it counts, in a few words. */
  hint: string;
  value: (report: SalonReport) => string;
}

const FIGURES: Figure[] = [
  { label: 'Takings', hint: 'Paid for completed bookings', value: (report) => formatPrice(report.takings) },
  { label: 'Booked ahead', hint: 'Pending and confirmed', value: (report) => formatPrice(report.bookedAhead) },
  { label: 'Bookings', hint: 'All but cancelled', value: (report) => String(report.bookings) },
  { label: 'Cancellation rate', hint: 'Of all bookings', value: (report) => formatPercent(report.cancellationRate) },
  { label: 'New customers', hint: 'First booking with us', value: (report) => String(report.customers.new) },
  { label: 'Returning customers', hint: 'Booked before', value: (report) => String(report.customers.returning) },
  { label: 'From the waitlist', hint: 'Booked from an offered time', value: (report) => String(report.fromWaitlist) },
  { label: 'From a nudge', hint: 'Booked after a nudge to rebook', value: (report) => String(report.fromNudge) },
];

/** The period's headline figures, one card each; skeletons while the first answer loads. */
export function ReportFigures({ report }: { report: SalonReport | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
      {FIGURES.map((figure) => (
        <FigureCard
          key={figure.label}
          label={figure.label}
          value={report ? figure.value(report) : undefined}
          hint={figure.hint}
        />
      ))}
    </SimpleGrid>
  );
}

/** Bookings of the period by status: a bar split in the status colours, and each count. */
export function StatusBreakdown({ byStatus }: { byStatus: SalonReport['byStatus'] }) {
  const total = BOOKING_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-label="Bookings by status">
      <Title order={2} size="h4">
        Bookings by status
      </Title>
      {total > 0 ? (
        <Progress.Root size={14} radius="xl" mt="md" aria-hidden>
          {BOOKING_STATUSES.map((status) =>
            byStatus[status] > 0 ? (
              <Progress.Section
                key={status}
                value={(byStatus[status] / total) * 100}
                color={BOOKING_STATUS_COLORS[status]}
              />
            ) : null,
          )}
        </Progress.Root>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="md">
        {BOOKING_STATUSES.map((status) => (
          <Group key={status} gap="xs" wrap="nowrap" role="group" aria-label={statusLabel(status)}>
            <ColorSwatch
              color={`var(--mantine-color-${BOOKING_STATUS_COLORS[status]}-filled)`}
              size={12}
              withShadow={false}
            />
            <Text size="sm">{statusLabel(status)}</Text>
            <Text size="sm" fw={700} data-testid="status-count">
              {byStatus[status]}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
