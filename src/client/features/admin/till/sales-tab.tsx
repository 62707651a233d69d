import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { PAYMENT_METHODS } from '@/shared/constants';
import { formatCents, formatCentsExact, toCents } from '@/client/lib/format';
import { PAYMENT_METHOD_NAMES } from '@/shared/receipt';
import { refundInputSchema, type Sale } from '@/shared/schemas/sales';
import { formatDay } from '@/shared/time-format';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { FigureCard } from '@/client/components/admin/figure-card';
import { DateField } from '@/client/components/forms/date-field';
import { trpc } from '@/client/lib/trpc';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { ReceiptPanel } from '@/client/features/admin/shared/checkout/receipt-panel';
import { useRefundSale } from './api/till';
import { clockOf, KIND_LABELS } from './till-format';
import { useSalonToday } from '@/client/features/admin/shared/salon-today';

const FETCH_FAILED = 'The sales could not be loaded.';
const nowrap = { whiteSpace: 'nowrap' } as const;

const sum = (sales: readonly Sale[], of: (sale: Sale) => number) =>
  sales.reduce((cents, sale) => cents + toCents(of(sale)), 0);

/** Sales: a period's (today's at first), their figures, and each sale's receipt. */
export function SalesTab({ manages }: { manages: boolean }) {
  const today = useSalonToday();
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  const from = period?.from ?? today;
  const to = period?.to ?? today;
  const listQuery = trpc.admin.sales.list.useQuery({ from, to: to < from ? from : to });
  useErrorToast(listQuery.error, FETCH_FAILED, 'admin-sales-fetch-error');
  const [openId, setOpenId] = useState<string | null>(null);
  const sales = listQuery.data;
  const shown = sales?.find((sale) => sale._id === openId) ?? null;

  const columns: AdminColumn<Sale>[] = [
    {
      header: 'Receipt',
      card: 'title',
      cell: (sale) => (
        <Anchor component="button" type="button" fw={600} size="sm" onClick={() => setOpenId(sale._id)} style={nowrap}>
          Receipt {sale.number}
        </Anchor>
      ),
    },
    {
      header: 'When',
      cell: (sale) => (
        <span style={nowrap}>
          {from === to ? '' : `${formatDay(sale.day)}, `}
          {clockOf(sale.createdAt)}
        </span>
      ),
    },
    {
      header: 'Customer',
      cell: (sale) => (
        <div>
          <div>{sale.customer && sale.customer.name !== '' ? sale.customer.name : 'Walk-in'}</div>
          <Text size="xs" c="dimmed">
            {KIND_LABELS[sale.kind]}
          </Text>
        </div>
      ),
    },
    {
      header: 'Items',
      cell: (sale) => (sale.items.length === 0 ? '—' : sale.items.map((item) => item.description).join(', ')),
    },
    {
      header: 'Paid by',
      cell: (sale) => [...new Set(sale.payments.map((payment) => PAYMENT_METHOD_NAMES[payment.method]))].join(', '),
    },
    {
      header: 'Paid',
      card: 'status',
      cell: (sale) => (
        <Stack gap={2} align="flex-end">
          <Text size="sm" fw={600} style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}>
            {formatCentsExact(toCents(sale.paid))}
          </Text>
          {sale.refunded > 0 && (
            <Badge color="orange" variant="light" size="sm">
              {formatCents(toCents(sale.refunded))} refunded
            </Badge>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateField
            label="From"
            value={from}
            onChange={(day) => {
              if (day) setPeriod({ from: day, to: day > to ? day : to });
            }}
            w={150}
          />
          <DateField
            label="To"
            value={to}
            minDate={from}
            onChange={(day) => {
              if (day) setPeriod({ from, to: day });
            }}
            w={150}
          />
          <Button variant="default" onClick={() => setPeriod(null)} disabled={from === today && to === today}>
            Today
          </Button>
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <FigureCard label="Sales" value={sales ? String(sales.length) : undefined} />
        <FigureCard
          label="Money in"
          value={sales ? formatCents(sum(sales, moneyIn)) : undefined}
          hint="Cash, card and other, with tips"
        />
        <FigureCard
          label="Tips"
          value={sales ? formatCents(sum(sales, (sale) => sale.paid - sale.total)) : undefined}
        />
        <FigureCard label="Refunded" value={sales ? formatCents(sum(sales, (sale) => sale.refunded)) : undefined} />
      </SimpleGrid>

      <AdminTable
        label="Sales"
        columns={columns}
        items={sales}
        getKey={(sale) => sale._id}
        loading={listQuery.isPending}
        error={listQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void listQuery.refetch()}
        emptyText={from === today && to === today ? 'No sales yet today.' : 'No sales on these days.'}
        minWidth={820}
      />

      <SaleModal sale={shown} manages={manages} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

/** One sale: its receipt to print or e-mail, and for owners and managers, a refund. */
function SaleModal({ sale, manages, onClose }: { sale: Sale | null; manages: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const [refunding, setRefunding] = useState(false);
  const close = () => {
    setRefunding(false);
    onClose();
  };
  return (
    <Modal
      opened={sale !== null}
      onClose={close}
      title={sale ? `Receipt ${String(sale.number)}` : ''}
      size="md"
      centered
      fullScreen={phone}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {sale && (
        <Stack gap="md">
          {sale.refunds.length > 0 && (
            <Paper withBorder radius="md" p="sm" bg="orange.0">
              <Text size="sm" fw={600}>
                Refunds
              </Text>
              {sale.refunds.map((refund) => (
                <Text key={refund._id} size="sm">
                  {formatCents(toCents(refund.amount))} by {PAYMENT_METHOD_NAMES[refund.method].toLowerCase()}:{' '}
                  {refund.reason}{' '}
                  <Text span c="dimmed" size="xs">
                    ({refund.by})
                  </Text>
                </Text>
              ))}
            </Paper>
          )}
          {refunding ? (
            <RefundForm sale={sale} onDone={() => setRefunding(false)} />
          ) : (
            <ReceiptPanel
              key={sale._id}
              sale={sale}
              actions={
                manages && sale.refunded < sale.paid ? (
                  <Button variant="light" color="red" onClick={() => setRefunding(true)}>
                    Refund
                  </Button>
                ) : null
              }
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_NAMES[method] }));

/** What came in for a sale: its payments but those by gift voucher (that money came in when the voucher was sold). */
const moneyIn = (sale: Sale) =>
  sale.payments.filter((payment) => payment.method !== 'voucher').reduce((total, payment) => total + payment.amount, 0);

/** Part or all of a sale back, by one of the methods it was paid by, with a reason. */
function RefundForm({ sale, onDone }: { sale: Sale; onDone: () => void }) {
  const firstMethod = sale.payments[0]?.method ?? 'card';
  const form = useForm<{ id: string; amount: number | string; method: string; reason: string }>({
    initialValues: {
      id: sale._id,
      amount: (toCents(sale.paid) - toCents(sale.refunded)) / 100,
      method: firstMethod,
      reason: '',
    },
    validate: schemaResolver(refundInputSchema, { sync: true }),
  });
  const refund = useRefundSale({ form, onDone: () => onDone() });
  const paidBy = new Set(sale.payments.map((payment) => payment.method));
  return (
    <form noValidate onSubmit={form.onSubmit((values) => refund.mutate(refundInputSchema.parse(values)))}>
      <Stack gap="md">
        <Text size="sm">
          Receipt {sale.number} came to {formatCents(toCents(sale.paid))}
          {sale.refunded > 0 ? `, of which ${formatCents(toCents(sale.refunded))} is refunded already` : ''}.
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput
            label="Amount"
            prefix="$"
            decimalScale={2}
            allowNegative={false}
            hideControls
            w={140}
            {...form.getInputProps('amount')}
          />
          <Select
            label="Given back by"
            data={METHOD_OPTIONS.filter((option) => paidBy.has(option.value))}
            allowDeselect={false}
            w={170}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('method')}
          />
        </Group>
        <TextInput label="Reason" required {...form.getInputProps('reason')} data-autofocus />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={refund.isPending}>
            Back to the receipt
          </Button>
          <Button type="submit" color="red" loading={refund.isPending}>
            Record refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
