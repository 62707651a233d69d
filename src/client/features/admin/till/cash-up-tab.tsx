import {
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { formatCentsExact, toCents } from '@/client/lib/format';
import { createCashUpSchema, type CashUp } from '@/shared/schemas/sales';
import { formatDay } from '@/shared/time-format';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { DateField } from '@/client/components/forms/date-field';
import { addDays } from '@/client/lib/day-format';
import { trpc } from '@/client/lib/trpc';
import { useCashUp } from './api/till';
import { clockOf } from './till-format';
import { useSalonToday } from '@/client/features/admin/shared/salon-today';

const HISTORY_DAYS = 30;
const money = (amount: number) => formatCentsExact(toCents(amount));

/** Over, short or right: the difference in words and colour. */
function DifferenceBadge({ difference }: { difference: number }) {
  const cents = toCents(difference);
  if (cents === 0)
    return (
      <Badge color="green" variant="light">
        Right
      </Badge>
    );
  return (
    <Badge color={cents < 0 ? 'red' : 'orange'} variant="light" style={{ whiteSpace: 'nowrap' }}>
      {cents < 0 ? `${formatCentsExact(-cents)} short` : `${formatCentsExact(cents)} over`}
    </Badge>
  );
}

const HISTORY_COLUMNS: AdminColumn<CashUp>[] = [
  {
    header: 'Day',
    card: 'title',
    cell: (cashUp) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(cashUp.date)}</span>,
  },
  { header: 'Float', cell: (cashUp) => money(cashUp.float) },
  { header: 'Expected', cell: (cashUp) => money(cashUp.expected) },
  { header: 'Counted', cell: (cashUp) => money(cashUp.counted) },
  { header: 'Difference', card: 'status', cell: (cashUp) => <DifferenceBadge difference={cashUp.difference} /> },
  { header: 'Note', cell: (cashUp) => cashUp.note ?? '—' },
  { header: 'By', cell: (cashUp) => `${cashUp.by}, ${clockOf(cashUp.createdAt)}` },
];

/** Cash-up: the drawer counted at the day's end against what it should hold; the history for managers. */
export function CashUpTab({ manages }: { manages: boolean }) {
  const today = useSalonToday();
  return (
    <Stack gap="xl">
      <CashUpForm today={today} />
      {manages && <CashUpHistory today={today} />}
    </Stack>
  );
}

function ResultRow({
  label,
  amount,
  hint,
  strong,
}: {
  label: string;
  amount: number;
  hint?: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" role="group" aria-label={label}>
      <div>
        <Text fw={strong ? 700 : 500}>{label}</Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      <Text
        fz={strong ? 24 : 20}
        fw={700}
        data-testid="figure"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {money(amount)}
      </Text>
    </Group>
  );
}

function CashUpForm({ today }: { today: string }) {
  const [result, setResult] = useState<CashUp | null>(null);
  const form = useForm<{ date: string; counted: number | string; float: number | string; note: string }>({
    initialValues: { date: today, counted: '', float: '', note: '' },
    validate: schemaResolver(createCashUpSchema, { sync: true }),
  });
  const save = useCashUp({ form, onDone: setResult });
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <form noValidate onSubmit={form.onSubmit((values) => save.mutate(createCashUpSchema.parse(values)))}>
            <Stack gap="md">
              <div>
                <Title order={2} size="h4">
                  Count the drawer
                </Title>
                <Text size="sm" c="dimmed">
                  Count the cash in the drawer at the day&apos;s end. The till compares it with the float plus the
                  day&apos;s cash sales, less cash refunds.
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <DateField label="Day" maxDate={today} {...form.getInputProps('date')} />
                <NumberInput
                  label="Float"
                  description="Cash it started with"
                  prefix="$"
                  decimalScale={2}
                  allowNegative={false}
                  hideControls
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  {...form.getInputProps('float')}
                />
                <NumberInput
                  label="Counted cash"
                  required
                  prefix="$"
                  decimalScale={2}
                  allowNegative={false}
                  hideControls
                  {...form.getInputProps('counted')}
                />
              </SimpleGrid>
              <TextInput label="Note" placeholder="Optional" {...form.getInputProps('note')} />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Record cash-up
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        {result ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} role="region" aria-label="Cash-up result">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {formatDay(result.date)}
              </Title>
              <DifferenceBadge difference={result.difference} />
            </Group>
            <Stack gap="xs">
              <ResultRow label="Expected" amount={result.expected} hint="Float plus cash sales, less cash refunds" />
              <ResultRow label="Counted" amount={result.counted} />
              <Divider />
              <ResultRow label="Difference" amount={result.difference} strong />
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder radius="lg" p="lg" bg="gray.0" h="100%">
            <Text size="sm" c="dimmed">
              Once recorded, the cash-up shows what the drawer should hold, what was counted and the difference.
            </Text>
          </Paper>
        )}
      </Grid.Col>
    </Grid>
  );
}

function CashUpHistory({ today }: { today: string }) {
  const from = addDays(today, -(HISTORY_DAYS - 1));
  const history = trpc.admin.cashUps.list.useQuery({ from, to: today });
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Cash-ups of the last {HISTORY_DAYS} days
      </Title>
      <AdminTable
        label="Cash-ups"
        columns={HISTORY_COLUMNS}
        items={history.data}
        getKey={(cashUp) => cashUp._id}
        loading={history.isPending}
        error={history.error}
        errorFallback="The cash-ups could not be loaded."
        onRetry={() => void history.refetch()}
        emptyText="No cash-ups in these days."
        minWidth={760}
      />
    </Stack>
  );
}
