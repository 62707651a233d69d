import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { FigureCard } from '@/client/components/admin/figure-card';
import { formatPrice } from '@/client/lib/format';
import { PAYMENT_METHOD_NAMES } from '@/shared/receipt';
import { PAYMENT_METHODS } from '@/shared/constants';
import type { SalonReport } from '@/shared/schemas/reports';

/**
 * What the till took in the period (README "The till"): money by payment method, discounts,
 * refunds, gift vouchers (and what is still owed on them), and each specialist's tips.
 */
export function TillFigures({ report }: { report: SalonReport }) {
  const { takingsByMethod, discounts, refunds, vouchers, tips } = report;
  const figures = [
    ...PAYMENT_METHODS.map((method) => ({
      label: PAYMENT_METHOD_NAMES[method],
      value: formatPrice(takingsByMethod[method]),
      hint: method === 'voucher' ? 'Vouchers spent' : 'Taken at the till',
    })),
    {
      label: 'Discounts given',
      value: formatPrice(discounts.total),
      hint: `On ${String(discounts.count)} ${discounts.count === 1 ? 'sale' : 'sales'}`,
    },
    {
      label: 'Refunds',
      value: formatPrice(refunds.total),
      hint: `${String(refunds.count)} given back`,
    },
    {
      label: 'Vouchers sold',
      value: formatPrice(vouchers.sold),
      hint: `${String(vouchers.soldCount)} ${vouchers.soldCount === 1 ? 'voucher' : 'vouchers'}`,
    },
    { label: 'Owed on vouchers', value: formatPrice(vouchers.outstanding), hint: 'Balance of valid vouchers today' },
  ];
  return (
    <Paper component="section" withBorder radius="lg" p="md" aria-label="The till">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            The till
          </Title>
          <Text size="sm" c="dimmed">
            {formatPrice(takingsByMethod.total)} came in by cash, card and other, tips and vouchers sold included
          </Text>
        </div>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {figures.map((figure) => (
            <FigureCard key={figure.label} label={figure.label} value={figure.value} hint={figure.hint} />
          ))}
        </SimpleGrid>
        <Stack gap={4}>
          <Title order={3} size="h5">
            Tips
          </Title>
          {tips.bySpecialist.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tips in this period.
            </Text>
          ) : (
            <Table maw={420} aria-label="Tips by specialist">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Specialist</Table.Th>
                  <Table.Th ta="right">Tips</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tips.bySpecialist.map((row) => (
                  <Table.Tr key={row.specialist._id}>
                    <Table.Td>{row.specialist.name}</Table.Td>
                    <Table.Td ta="right">{formatPrice(row.amount)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td fw={700}>Total</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatPrice(tips.total)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
