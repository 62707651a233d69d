import { Skeleton, Table, Text } from '@mantine/core';
import { formatDayHours } from '@/shared/opening-hours';
import { trpc } from '@/client/lib/trpc';

/**
 * /contact's "Opening hours": each weekday and its hours, Monday first. Read from the same query as
 * the footer; rendered from the query's data alone (no "today" highlight: the server renders the
 * page without the visitor's clock, and hydration must match it).
 */
export function OpeningHoursTable() {
  const hoursQuery = trpc.public.salon.openingHours.useQuery();
  if (hoursQuery.isPending) return <Skeleton height={18 * 7} radius="sm" aria-label="Loading opening hours" />;
  if (hoursQuery.isError) return <Text c="dimmed">Please call us for our opening hours.</Text>;
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} aria-label="Opening hours" fz="md">
      <Table.Tbody>
        {hoursQuery.data.days.map(({ day, ranges }) => (
          <Table.Tr key={day}>
            <Table.Th scope="row" fw={400} pr="lg" w="1%" style={{ whiteSpace: 'nowrap' }}>
              {day}
            </Table.Th>
            <Table.Td c={ranges.length === 0 ? 'dimmed' : undefined}>
              {ranges.length === 0 ? 'Closed' : formatDayHours(ranges)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
