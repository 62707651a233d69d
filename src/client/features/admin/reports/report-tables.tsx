import { Group, Progress, Text } from '@mantine/core';
import type { SalonReport } from '@/shared/schemas/reports';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { formatPrice } from '@/client/lib/format';
import { formatPercent } from './report-period';

type ServiceRow = SalonReport['byService'][number];
type SpecialistRow = SalonReport['bySpecialist'][number];

const LOAD_FAILED = 'An error occurred';

const SERVICE_COLUMNS: AdminColumn<ServiceRow>[] = [
  { header: 'Service', cell: (row) => row.service.name },
  { header: 'Bookings', cell: (row) => row.count, width: 90 },
  { header: 'Takings', cell: (row) => formatPrice(row.takings), width: 100 },
];

/** `12 h 30 min` of booked time, for the utilisation's tooltip-free explanation. */
const hours = (minutes: number) => {
  const whole = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${String(whole)} h` : `${String(whole)} h ${String(rest)} min`;
};

function Utilisation({ row }: { row: SpecialistRow }) {
  if (row.utilisation === null) return <Text c="dimmed">—</Text>;
  const percent = Math.round(row.utilisation * 100);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" w={40} ta="right" fw={500}>
        {formatPercent(row.utilisation)}
      </Text>
      <Progress
        value={Math.min(percent, 100)}
        color="violet"
        size="md"
        radius="xl"
        style={{ flex: 1, minWidth: 60 }}
        aria-label={`${row.specialist.name}: ${hours(row.bookedMinutes)} booked of ${hours(row.scheduledMinutes)} scheduled`}
      />
    </Group>
  );
}

const SPECIALIST_COLUMNS: AdminColumn<SpecialistRow>[] = [
  { header: 'Specialist', cell: (row) => row.specialist.name },
  { header: 'Bookings', cell: (row) => row.count, width: 80 },
  { header: 'Takings', cell: (row) => formatPrice(row.takings), width: 90 },
  { header: 'Utilisation', cell: (row) => <Utilisation row={row} />, width: 180 },
];

interface TableProps<T> {
  rows: readonly T[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

export function ServicesTable({ rows, loading, error, onRetry }: TableProps<ServiceRow>) {
  return (
    <AdminTable
      label="Services"
      columns={SERVICE_COLUMNS}
      items={rows}
      getKey={(row) => row.service._id}
      loading={loading}
      error={error}
      errorFallback={LOAD_FAILED}
      onRetry={onRetry}
      emptyText="No services found"
      minWidth={320}
    />
  );
}

export function SpecialistsTable({ rows, loading, error, onRetry }: TableProps<SpecialistRow>) {
  return (
    <AdminTable
      label="Specialists"
      columns={SPECIALIST_COLUMNS}
      items={rows}
      getKey={(row) => row.specialist._id}
      loading={loading}
      error={error}
      errorFallback={LOAD_FAILED}
      onRetry={onRetry}
      emptyText="No specialists found"
      minWidth={480}
    />
  );
}
