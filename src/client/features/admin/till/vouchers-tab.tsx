import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Input,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { VOUCHER_VALUE_MAX } from '@/shared/constants';
import { formatCents, formatCentsExact, toCents } from '@/client/lib/format';
import {
  createVoucherSchema,
  VOUCHER_PAYMENT_METHODS,
  voidVoucherSchema,
  type Voucher,
  type VoucherDetails,
  type VoucherStatus,
} from '@/shared/schemas/sales';
import { formatDay } from '@/shared/time-format';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { DateField } from '@/client/components/forms/date-field';
import { localCalendarDay } from '@/shared/calendar-days';
import { trpc } from '@/client/lib/trpc';
import { PrintArea, VoucherCard } from '@/client/features/admin/shared/checkout/receipt';
import { useSellVoucher, useVoidVoucher } from './api/till';
import { clockOf } from './till-format';
import { Fact } from '@/client/features/admin/shared/fact';

const STATUS_COLORS: Record<VoucherStatus, string> = { active: 'green', spent: 'gray', expired: 'orange', void: 'red' };
const STATUS_LABELS: Record<VoucherStatus, string> = {
  active: 'Active',
  spent: 'Spent',
  expired: 'Expired',
  void: 'Void',
};
const EVENT_LABELS: Record<VoucherDetails['history'][number]['event'], string> = {
  sold: 'Sold',
  redeemed: 'Paid with',
  refunded: 'Refunded to it',
  returned: 'Given back to the buyer',
  voided: 'Voided',
};
const METHOD_LABELS: Record<(typeof VOUCHER_PAYMENT_METHODS)[number], string> = {
  cash: 'Cash',
  card: 'Card',
  other: 'Other',
};
const money = (amount: number) => formatCentsExact(toCents(amount));
const nowrap = { whiteSpace: 'nowrap' } as const;

function StatusBadge({ status }: { status: VoucherStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Gift vouchers: sell one, look one up by its code (with its history), and every voucher with its balance. */
export function VouchersTab({ manages }: { manages: boolean }) {
  const [sold, setSold] = useState<VoucherDetails | null>(null);
  const [looking, setLooking] = useState<string | null>(null);
  const list = trpc.admin.vouchers.list.useQuery();
  const columns: AdminColumn<Voucher>[] = [
    {
      header: 'Code',
      card: 'title',
      cell: (voucher) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          ff="monospace"
          onClick={() => setLooking(voucher.code)}
          style={nowrap}
        >
          {voucher.code}
        </Anchor>
      ),
    },
    { header: 'Status', card: 'status', cell: (voucher) => <StatusBadge status={voucher.status} /> },
    { header: 'Value', cell: (voucher) => money(voucher.value) },
    {
      header: 'Balance',
      cell: (voucher) => (
        <Text fw={600} size="sm">
          {money(voucher.balance)}
        </Text>
      ),
    },
    { header: 'For', cell: (voucher) => voucher.recipientName ?? '—' },
    { header: 'Bought by', cell: (voucher) => voucher.buyerName ?? '—' },
    { header: 'Valid until', cell: (voucher) => <span style={nowrap}>{formatDay(voucher.expiresOn)}</span> },
  ];
  return (
    <Stack gap="xl">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SellVoucherForm onSold={setSold} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <LookUp onFind={setLooking} />
        </Grid.Col>
      </Grid>
      <Stack gap="sm">
        <Title order={2} size="h4">
          All gift vouchers
        </Title>
        <AdminTable
          label="Gift vouchers"
          columns={columns}
          items={list.data}
          getKey={(voucher) => voucher._id}
          loading={list.isPending}
          error={list.error}
          errorFallback="The vouchers could not be loaded."
          onRetry={() => void list.refetch()}
          emptyText="No gift vouchers sold yet."
          minWidth={820}
        />
      </Stack>
      <SoldModal voucher={sold} onClose={() => setSold(null)} />
      <VoucherModal code={looking} manages={manages} onClose={() => setLooking(null)} />
    </Stack>
  );
}

interface SellValues {
  value: number | string;
  method: string;
  buyerName: string;
  recipientName: string;
  expiresOn: string;
  email: string;
}

function SellVoucherForm({ onSold }: { onSold: (voucher: VoucherDetails) => void }) {
  const form = useForm<SellValues>({
    initialValues: { value: '', method: 'card', buyerName: '', recipientName: '', expiresOn: '', email: '' },
    validate: schemaResolver(createVoucherSchema, { sync: true }),
  });
  const sell = useSellVoucher({
    form,
    onSold: (voucher) => {
      form.reset();
      onSold(voucher);
    },
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%">
      <form
        noValidate
        aria-label="Sell a gift voucher"
        onSubmit={form.onSubmit((values) => sell.mutate(createVoucherSchema.parse(values)))}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            Sell a gift voucher
          </Title>
          <Group gap="md" align="flex-end" wrap="wrap">
            <NumberInput
              label="Value"
              required
              prefix="$"
              decimalScale={2}
              allowNegative={false}
              hideControls
              max={VOUCHER_VALUE_MAX}
              w={140}
              {...form.getInputProps('value')}
            />
            <Input.Wrapper label="Paid by" labelElement="div" labelProps={{ id: 'voucher-paid-by' }}>
              <SegmentedControl
                aria-labelledby="voucher-paid-by"
                display="flex"
                data={VOUCHER_PAYMENT_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] }))}
                {...form.getInputProps('method')}
              />
            </Input.Wrapper>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="For" placeholder="Who receives it" {...form.getInputProps('recipientName')} />
            <TextInput label="From" placeholder="Who buys it" {...form.getInputProps('buyerName')} />
            <DateField
              label="Valid until"
              placeholder="12 months from today"
              minDate={localCalendarDay()}
              clearable
              {...form.getInputProps('expiresOn')}
            />
            <TextInput label="E-mail it to" type="email" placeholder="Optional" {...form.getInputProps('email')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={sell.isPending}>
              Sell voucher
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function LookUp({ onFind }: { onFind: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() !== '') onFind(code.trim());
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              Look up a voucher
            </Title>
            <Text size="sm" c="dimmed">
              Its balance and everything it paid for. Dashes and capitals do not matter.
            </Text>
          </div>
          <TextInput
            label="Voucher code"
            placeholder="XXXX-XXXX-XXXX"
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" variant="light" disabled={code.trim() === ''}>
              Look up
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function useModalProps() {
  const phone = useMediaQuery('(max-width: 36em)');
  return {
    centered: true,
    fullScreen: phone,
    styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-xl)' } },
  } as const;
}

/** A voucher just sold: the card to print and hand over. */
function SoldModal({ voucher, onClose }: { voucher: VoucherDetails | null; onClose: () => void }) {
  const props = useModalProps();
  return (
    <Modal opened={voucher !== null} onClose={onClose} title="Gift voucher sold" size="md" {...props}>
      {voucher && (
        <Stack gap="md">
          <Paper withBorder radius="md" p="lg" maw={380} w="100%" mx="auto" shadow="xs">
            <VoucherCard voucher={voucher} />
          </Paper>
          <PrintArea>
            <VoucherCard voucher={voucher} />
          </PrintArea>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
            <Button onClick={() => window.print()}>Print voucher</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** A voucher by its code: its balance, its history, and for owners and managers, Void. */
function VoucherModal({ code, manages, onClose }: { code: string | null; manages: boolean; onClose: () => void }) {
  const props = useModalProps();
  const found = trpc.admin.vouchers.byCode.useQuery({ code: code ?? '' }, { enabled: code !== null, retry: false });
  const [voiding, setVoiding] = useState(false);
  const close = () => {
    setVoiding(false);
    onClose();
  };
  return (
    <Modal
      opened={code !== null}
      onClose={close}
      title={`Gift voucher ${found.data?.code ?? code ?? ''}`}
      size="lg"
      {...props}
    >
      {found.isPending ? (
        <Text c="dimmed">Looking up…</Text>
      ) : found.error ? (
        <Text c="red">{found.error.message || 'No voucher has this code.'}</Text>
      ) : (
        <VoucherView voucher={found.data} manages={manages} voiding={voiding} setVoiding={setVoiding} />
      )}
    </Modal>
  );
}

function VoucherView({
  voucher,
  manages,
  voiding,
  setVoiding,
}: {
  voucher: VoucherDetails;
  manages: boolean;
  voiding: boolean;
  setVoiding: (voiding: boolean) => void;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            Balance
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {formatCents(toCents(voucher.balance))}
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              of {formatCents(toCents(voucher.value))}
            </Text>
          </Text>
        </div>
        <StatusBadge status={voucher.status} />
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
        <Fact label="For">{voucher.recipientName ?? '—'}</Fact>
        <Fact label="From">{voucher.buyerName ?? '—'}</Fact>
        <Fact label="Valid until">{formatDay(voucher.expiresOn)}</Fact>
      </SimpleGrid>
      {voucher.voidReason && (
        <Text size="sm" c="red">
          Void: {voucher.voidReason}
        </Text>
      )}
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label="Voucher history" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {voucher.history.map((entry, index) => (
              <Table.Tr key={`${entry.at}-${String(index)}`}>
                <Table.Td style={nowrap}>
                  {formatDay(localCalendarDay(new Date(entry.at)))}, {clockOf(entry.at)}
                </Table.Td>
                <Table.Td>
                  {EVENT_LABELS[entry.event]}
                  {entry.saleNumber !== null ? ` · receipt ${String(entry.saleNumber)}` : ''}
                </Table.Td>
                <Table.Td ta="right" style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}>
                  {formatCentsExact(toCents(entry.amount))}
                </Table.Td>
                <Table.Td>{entry.by}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PrintArea>
        <VoucherCard voucher={voucher} />
      </PrintArea>
      {voiding ? (
        <VoidForm voucher={voucher} onDone={() => setVoiding(false)} />
      ) : (
        <Group justify="flex-end" gap="sm">
          {manages && voucher.status === 'active' && (
            <Button variant="light" color="red" onClick={() => setVoiding(true)}>
              Void voucher
            </Button>
          )}
          <Button variant="default" onClick={() => window.print()} disabled={voucher.status !== 'active'}>
            Print voucher
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function VoidForm({ voucher, onDone }: { voucher: VoucherDetails; onDone: () => void }) {
  const form = useForm<{ id: string; reason: string }>({
    initialValues: { id: voucher._id, reason: '' },
    validate: schemaResolver(voidVoucherSchema, { sync: true }),
  });
  const voiding = useVoidVoucher({ form, onDone });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => voiding.mutate(voidVoucherSchema.parse(values)))}>
      <Stack gap="sm">
        <TextInput
          label="Why is it void?"
          required
          description={`Its ${formatCents(toCents(voucher.balance))} can no longer be spent.`}
          {...form.getInputProps('reason')}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={voiding.isPending}>
            Keep it
          </Button>
          <Button type="submit" color="red" loading={voiding.isPending}>
            Void voucher
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
