import {
  Alert,
  Button,
  CloseButton,
  Divider,
  Fieldset,
  Grid,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '@/shared/constants';
import { formatCents, formatCentsExact, fromCents, toCents } from '@/client/lib/format';
import { PAYMENT_METHOD_NAMES } from '@/shared/receipt';
import { saleItemInputSchema, type Sale } from '@/shared/schemas/sales';
import { formatDay } from '@/shared/time-format';
import { trpc } from '@/client/lib/trpc';
import { useTakePayment } from '@/client/features/admin/shared/api/sales';
import {
  amountOf,
  checkoutErrors,
  checkoutFormErrors,
  checkoutSummary,
  initialCheckoutValues,
  newKey,
  newPayment,
  priceChanged,
  saleInputOf,
  tipTargets,
  type CheckoutSummary,
  type CheckoutValues,
  type CheckoutVisit,
} from './checkout-values';

type CheckoutForm = UseFormReturnType<CheckoutValues>;

const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_NAMES[method] }));
const isMethod = (value: string | null): value is PaymentMethod => PAYMENT_METHODS.some((method) => method === value);

/** The money fields of the till: dollars to the cent, no spinner. */
const moneyProps = {
  prefix: '$',
  decimalScale: 2,
  allowNegative: false,
  hideControls: true,
  thousandSeparator: ',',
  inputMode: 'decimal',
} as const;

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Group justify="space-between" align="center" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The till's checkout: a visit's items at their booked prices (or a walk-in's, added here), each
 * price editable with a reason, items added (a service or a product), a discount as an amount or
 * a percent, tips for the sale's specialists, payment lines, and a summary that follows every
 * keystroke. "Take payment" records it; the server checks it all again (a paid visit: 409).
 */
export function CheckoutForm({
  visit,
  onPaid,
  onCancel,
}: {
  visit: CheckoutVisit | null;
  onPaid: (sale: Sale) => void;
  onCancel?: () => void;
}) {
  const visitId = visit?.visitId ?? null;
  const form = useForm<CheckoutValues>({
    initialValues: initialCheckoutValues(visit),
    validate: (values) => checkoutErrors(values, visitId),
  });
  const take = useTakePayment({
    onPaid,
    onFieldErrors: (errors) => form.setErrors(checkoutFormErrors(errors, form.getValues())),
  });
  const summary = checkoutSummary(form.values);

  return (
    <form noValidate onSubmit={form.onSubmit((values) => take.mutate(saleInputOf(values, visitId)))}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {visit === null && (
              <TextInput
                label="Customer"
                description="Optional: the name on the receipt"
                autoComplete="off"
                {...form.getInputProps('customerName')}
              />
            )}
            <ItemsSection form={form} />
            <DiscountSection form={form} summary={summary} />
            <TipsSection form={form} />
            <PaymentsSection form={form} summary={summary} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" pos="sticky" top={0}>
            <SummaryCard summary={summary} />
            {typeof form.errors.payments === 'string' && (
              <Alert color="red" variant="light" role="alert" aria-label="Payments">
                {form.errors.payments}
              </Alert>
            )}
            {typeof form.errors.items === 'string' && (
              <Alert color="red" variant="light">
                {form.errors.items}
              </Alert>
            )}
            <Button type="submit" size="md" fullWidth loading={take.isPending}>
              Take payment {formatCents(summary.dueCents)}
            </Button>
            {onCancel && (
              <Button variant="default" fullWidth onClick={onCancel} disabled={take.isPending}>
                Cancel
              </Button>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}

function ItemsSection({ form }: { form: CheckoutForm }) {
  const [adding, setAdding] = useState(form.values.items.length === 0);
  return (
    <Section
      title="Items"
      aside={
        !adding && (
          <Button size="compact-sm" variant="light" onClick={() => setAdding(true)}>
            Add item
          </Button>
        )
      }
    >
      {form.values.items.length === 0 && !adding && (
        <Text size="sm" c="dimmed">
          No items yet.
        </Text>
      )}
      <Stack gap="sm">
        {form.values.items.map((line, index) => (
          <Paper key={line.key} withBorder radius="md" p="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {line.description}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    line.specialistName ? `with ${line.specialistName}` : line.service === null ? 'Product' : null,
                    line.bookedPrice === null
                      ? 'added at the till'
                      : `booked at ${formatCents(toCents(line.bookedPrice))}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <NumberInput
                aria-label={`Price of ${line.description}`}
                w={112}
                {...moneyProps}
                {...form.getInputProps(`items.${String(index)}.price`)}
              />
              {line.booking === null && (
                <CloseButton
                  aria-label={`Remove ${line.description}`}
                  mt={6}
                  onClick={() => form.removeListItem('items', index)}
                />
              )}
            </Group>
            {priceChanged(line) && (
              <TextInput
                mt="xs"
                size="sm"
                label="Why the price changed"
                placeholder="e.g. longer hair, loyalty"
                {...form.getInputProps(`items.${String(index)}.reason`)}
              />
            )}
            {typeof form.errors[`items.${String(index)}.description`] === 'string' && (
              <Text size="xs" c="red" mt={4}>
                {form.errors[`items.${String(index)}.description`]}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
      {adding && (
        <AddItem
          onAdd={(line) => {
            form.insertListItem('items', line);
            setAdding(false);
          }}
          onCancel={form.values.items.length === 0 ? undefined : () => setAdding(false)}
        />
      )}
    </Section>
  );
}

/** "Add item": a service from the menu (done by one of its specialists), or a product in words, at a price. */
function AddItem({
  onAdd,
  onCancel,
}: {
  onAdd: (line: CheckoutValues['items'][number]) => void;
  onCancel: (() => void) | undefined;
}) {
  const [kind, setKind] = useState<'service' | 'product'>('service');
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [specialistId, setSpecialistId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const services = trpc.public.services.list.useQuery(undefined, { enabled: kind === 'service' });
  const specialists = trpc.public.specialists.list.useQuery(undefined, { enabled: kind === 'service' });
  const service = services.data?.find((candidate) => candidate._id === serviceId);
  const offering = (specialists.data ?? []).filter((specialist) =>
    specialist.expertise.some((entry) => entry._id === serviceId),
  );

  const add = () => {
    const parsed = saleItemInputSchema.safeParse({
      service: kind === 'service' ? (serviceId ?? undefined) : undefined,
      description: kind === 'product' ? description : undefined,
      price,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'description')] ??= issue.message;
      setErrors(next);
      return;
    }
    const specialist = offering.find((candidate) => candidate._id === specialistId);
    onAdd({
      key: newKey(),
      booking: null,
      service: kind === 'service' ? (serviceId ?? null) : null,
      specialist: kind === 'service' ? (specialist?._id ?? null) : null,
      specialistName: kind === 'service' ? (specialist?.name ?? null) : null,
      description: kind === 'service' ? (service?.name ?? '') : description.trim(),
      bookedPrice: null,
      price,
      reason: '',
    });
  };

  return (
    <Fieldset legend="Add item" radius="md" p="sm">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Kind of item"
          data={[
            { value: 'service', label: 'Service' },
            { value: 'product', label: 'Product' },
          ]}
          value={kind}
          onChange={(value) => {
            setKind(value === 'product' ? 'product' : 'service');
            setErrors({});
          }}
          fullWidth
        />
        {kind === 'service' ? (
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <Select
                label="Service"
                searchable
                placeholder="Choose a service"
                data={(services.data ?? []).map((entry) => ({ value: entry._id, label: entry.name }))}
                value={serviceId}
                onChange={(value) => {
                  setServiceId(value);
                  setSpecialistId(null);
                  const chosen = services.data?.find((entry) => entry._id === value);
                  if (chosen) setPrice(chosen.price);
                }}
                error={errors.description}
                comboboxProps={{ withinPortal: true }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <Select
                label="Done by"
                placeholder={serviceId ? 'Optional' : 'Choose the service first'}
                data={offering.map((entry) => ({ value: entry._id, label: entry.name }))}
                value={specialistId}
                onChange={setSpecialistId}
                disabled={serviceId === null}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
            </Grid.Col>
          </Grid>
        ) : (
          <TextInput
            label="Product"
            placeholder="e.g. Argan hair oil 100 ml"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
          />
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput label="Price" w={130} {...moneyProps} value={price} onChange={setPrice} error={errors.price} />
          <Group gap="xs" ml="auto">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button variant="light" onClick={add}>
              Add to sale
            </Button>
          </Group>
        </Group>
      </Stack>
    </Fieldset>
  );
}

function DiscountSection({ form, summary }: { form: CheckoutForm; summary: CheckoutSummary }) {
  const given = amountOf(form.values.discount) !== null;
  return (
    <Section title="Discount">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Discount as"
          data={[
            { value: 'amount', label: '$ Amount' },
            { value: 'percent', label: '% Percent' },
          ]}
          value={form.values.discountMode}
          onChange={(value) => {
            form.setFieldValue('discountMode', value === 'percent' ? 'percent' : 'amount');
            form.setFieldValue('discount', '');
          }}
        />
        <NumberInput
          aria-label="Discount"
          placeholder="None"
          w={120}
          {...(form.values.discountMode === 'percent'
            ? { suffix: '%', decimalScale: 0, allowNegative: false, hideControls: true, inputMode: 'numeric' as const }
            : moneyProps)}
          {...form.getInputProps('discount')}
        />
        {given && summary.discountCents > 0 && (
          <Text size="sm" c="dimmed" mt={8}>
            −{formatCents(summary.discountCents)}
          </Text>
        )}
      </Group>
      {given && (
        <TextInput
          label="Reason for the discount"
          placeholder="Optional"
          size="sm"
          {...form.getInputProps('discountReason')}
        />
      )}
    </Section>
  );
}

function TipsSection({ form }: { form: CheckoutForm }) {
  const targets = tipTargets(form.values);
  const [toSplit, setToSplit] = useState<number | string>('');
  const split = () => {
    const total = amountOf(toSplit);
    if (total === null || targets.length === 0) return;
    const cents = toCents(total);
    const each = Math.floor(cents / targets.length);
    // The cents that do not divide go to the first specialists, one each.
    targets.forEach((target, index) => {
      const share = each + (index < cents - each * targets.length ? 1 : 0);
      form.setFieldValue(`tips.${target._id}`, share === 0 ? '' : fromCents(share));
    });
  };
  return (
    <Section title="Tips">
      {targets.length === 0 ? (
        <Text size="sm" c="dimmed">
          Tips go to the specialists of the sale: add a service done by one of them.
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {targets.map((target) => (
              <NumberInput
                key={target._id}
                label={`Tip for ${target.name}`}
                placeholder="None"
                {...moneyProps}
                {...form.getInputProps(`tips.${target._id}`)}
                value={form.values.tips[target._id] ?? ''}
              />
            ))}
          </SimpleGrid>
          {targets.length > 1 && (
            <Group gap="sm" align="flex-end">
              <NumberInput
                label="Tip to share"
                placeholder="Total"
                w={160}
                {...moneyProps}
                value={toSplit}
                onChange={setToSplit}
              />
              <Button variant="light" onClick={split} disabled={amountOf(toSplit) === null}>
                Split evenly
              </Button>
            </Group>
          )}
        </>
      )}
    </Section>
  );
}

/** A voucher's balance under its code field, once the code is whole; a code not found says so. */
function VoucherBalance({ code }: { code: string }) {
  const [debounced] = useDebouncedValue(code.trim(), 300);
  const whole = debounced.replace(/[^a-z0-9]/gi, '').length >= 12;
  const found = trpc.admin.vouchers.byCode.useQuery({ code: debounced }, { enabled: whole, retry: false });
  if (!whole) return null;
  if (found.isPending) return <>Looking up…</>;
  if (found.error) return <>No voucher has this code</>;
  const voucher = found.data;
  if (voucher.status !== 'active') return <>This voucher is {voucher.status}</>;
  return (
    <>
      {formatCents(toCents(voucher.balance))} left, until {formatDay(voucher.expiresOn)}
    </>
  );
}

function PaymentsSection({ form, summary }: { form: CheckoutForm; summary: CheckoutSummary }) {
  const { payments } = form.values;
  return (
    <Section
      title="Payment"
      aside={
        <Button
          size="compact-sm"
          variant="light"
          onClick={() =>
            form.insertListItem(
              'payments',
              newPayment('cash', summary.leftCents > 0 ? fromCents(summary.leftCents) : ''),
            )
          }
        >
          Add payment
        </Button>
      }
    >
      <Stack gap="sm">
        {payments.map((payment, index) => {
          const path = `payments.${String(index)}`;
          const amount = amountOf(payment.amount) ?? 0;
          return (
            <Fieldset
              key={payment.key}
              legend={payments.length > 1 ? `Payment ${String(index + 1)}` : 'Payment'}
              radius="md"
              p="sm"
              styles={{
                legend: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
              }}
            >
              <Stack gap="xs">
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <Select
                    label="Method"
                    data={METHOD_OPTIONS}
                    style={{ flex: '1 1 0', minWidth: 0 }}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    {...form.getInputProps(`${path}.method`)}
                    onChange={(value: string | null) => {
                      if (isMethod(value)) form.setFieldValue(`${path}.method`, value);
                    }}
                  />
                  <NumberInput
                    label="Amount"
                    w={136}
                    {...moneyProps}
                    {...form.getInputProps(`${path}.amount`)}
                    rightSectionWidth={summary.leftCents !== 0 ? 52 : undefined}
                    rightSection={
                      summary.leftCents !== 0 && toCents(amount) + summary.leftCents >= 0 ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={`Make payment ${String(index + 1)} the rest`}
                          onClick={() =>
                            form.setFieldValue(`${path}.amount`, fromCents(toCents(amount) + summary.leftCents) || '')
                          }
                        >
                          Rest
                        </Button>
                      ) : undefined
                    }
                  />
                  {payments.length > 1 && (
                    <CloseButton
                      aria-label={`Remove payment ${String(index + 1)}`}
                      mt={30}
                      onClick={() => form.removeListItem('payments', index)}
                    />
                  )}
                </Group>
                {payment.method === 'voucher' && (
                  <TextInput
                    label="Voucher code"
                    placeholder="XXXX-XXXX-XXXX"
                    autoComplete="off"
                    description={<VoucherBalance code={payment.code} />}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    {...form.getInputProps(`${path}.code`)}
                  />
                )}
              </Stack>
            </Fieldset>
          );
        })}
      </Stack>
    </Section>
  );
}

function SummaryRow({ label, cents, strong, tone }: { label: string; cents: number; strong?: boolean; tone?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={tone}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} c={tone} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCentsExact(cents)}
      </Text>
    </Group>
  );
}

/** The live summary: what the items come to, the discount, the tips, what is paid and what is left. */
function SummaryCard({ summary }: { summary: CheckoutSummary }) {
  const { leftCents } = summary;
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" role="group" aria-label="Summary">
      <Stack gap={6}>
        <SummaryRow label="Subtotal" cents={summary.subtotalCents} />
        {summary.discountCents > 0 && <SummaryRow label="Discount" cents={-summary.discountCents} />}
        <SummaryRow label="Total" cents={summary.totalCents} strong />
        {summary.tipsCents > 0 && <SummaryRow label="Tips" cents={summary.tipsCents} />}
        <Divider my={4} />
        <SummaryRow label="Paid" cents={summary.paidCents} />
        {leftCents >= 0 ? (
          <SummaryRow label="Left to pay" cents={leftCents} strong tone={leftCents === 0 ? 'teal.9' : 'red.9'} />
        ) : (
          <SummaryRow label="Paid too much" cents={-leftCents} strong tone="red.9" />
        )}
      </Stack>
    </Paper>
  );
}
