import { Divider, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { BOOKING_HORIZON_DAYS, REBOOK_WEEKS_MAX, SERVICE_CATEGORIES } from '@/shared/constants';
import { serviceFormSchema, type Service } from '@/shared/schemas/services';
import { EntityForm, EntityFormModal, type EntityFormProps } from '@/client/components/admin/entity-form';
import type { ModalTarget } from '@/client/components/admin/use-modal-target';
import { categoryLabel } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateServices } from './api/services';

const CATEGORY_OPTIONS = SERVICE_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) }));

/** Minimum notice as a salon thinks of it; stored in minutes. */
const NOTICE_OPTIONS = [
  { value: '0', label: 'None' },
  { value: '60', label: '1 hour' },
  { value: '120', label: '2 hours' },
  { value: '240', label: '4 hours' },
  { value: '720', label: '12 hours' },
  { value: '1440', label: '24 hours' },
  { value: '2880', label: '48 hours' },
  { value: '4320', label: '3 days' },
  { value: '10080', label: '1 week' },
];

/** The choices, with a notice set through the API that is not one of them. */
const noticeOptions = (current: number | undefined) =>
  current === undefined || NOTICE_OPTIONS.some((option) => option.value === String(current))
    ? NOTICE_OPTIONS
    : [...NOTICE_OPTIONS, { value: String(current), label: `${current} minutes` }];

/** A number input that reads in minutes. */
const minutesInput = {
  rightSection: 'min',
  rightSectionWidth: 48,
  rightSectionPointerEvents: 'none',
  min: 0,
  allowDecimal: false,
  hideControls: true,
} as const;

interface ServiceValues {
  image: File | null;
  name: string;
  price: number | string;
  duration: number | string;
  category: string | null;
  description: string;
  bufferMinutes: number | string;
  processingMinutes: number | string;
  minNoticeMinutes: string;
  maxAdvanceDays: number | string;
  rebookWeeks: number | string;
}

function initialValues(service: Service | null): ServiceValues {
  return {
    image: null,
    name: service?.name ?? '',
    price: service?.price ?? '',
    duration: service?.duration ?? '',
    category: service?.category ?? null,
    description: service?.description ?? '',
    bufferMinutes: service?.bufferMinutes ?? 0,
    processingMinutes: service?.processingMinutes ?? 0,
    minNoticeMinutes: String(service?.minNoticeMinutes ?? 0),
    maxAdvanceDays: service?.maxAdvanceDays ?? '',
    rebookWeeks: service?.rebookWeeks ?? '',
  };
}

/** Add Service when the target has no service, Edit Service when it has one. */
export function ServiceFormModal({ target }: { target: ModalTarget<Service> }) {
  return <EntityFormModal target={target} noun="Service" form={ServiceForm} />;
}

function ServiceForm({ item: service, onSaved }: EntityFormProps<Service>) {
  const invalidate = useInvalidateServices();
  return (
    <EntityForm
      item={service}
      onSaved={onSaved}
      noun="Service"
      imageName={service?.name}
      schemaFor={serviceFormSchema}
      initialValues={initialValues(service)}
      create={trpc.admin.services.create}
      update={trpc.admin.services.update}
      messages={{ created: 'Service created', updated: 'Service updated' }}
      onSuccess={invalidate}
    >
      {(form) => (
        <>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <NumberInput
              label="Price"
              required
              min={0}
              decimalScale={2}
              leftSection="$"
              hideControls
              {...form.getInputProps('price')}
            />
            <NumberInput
              label="Duration"
              rightSection="min"
              rightSectionWidth={48}
              rightSectionPointerEvents="none"
              required
              min={1}
              allowDecimal={false}
              hideControls
              {...form.getInputProps('duration')}
            />
            <Select
              label="Category"
              required
              data={CATEGORY_OPTIONS}
              allowDeselect={false}
              placeholder="Choose one"
              {...form.getInputProps('category')}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <Divider label="Timing and booking rules" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Processing time"
              description="The client waits (colour develops); the specialist is free for others"
              {...minutesInput}
              {...form.getInputProps('processingMinutes')}
            />
            <NumberInput
              label="Buffer after"
              description="The specialist stays busy (cleaning, preparing)"
              {...minutesInput}
              {...form.getInputProps('bufferMinutes')}
            />
            <Select
              label="Minimum notice"
              description="How long ahead customers must book online"
              data={noticeOptions(service?.minNoticeMinutes)}
              allowDeselect={false}
              {...form.getInputProps('minNoticeMinutes')}
            />
            <NumberInput
              label="Bookable ahead"
              description={`Days ahead it can be booked; empty: the salon's ${BOOKING_HORIZON_DAYS}`}
              placeholder={String(BOOKING_HORIZON_DAYS)}
              rightSection="days"
              rightSectionWidth={52}
              rightSectionPointerEvents="none"
              min={1}
              allowDecimal={false}
              hideControls
              {...form.getInputProps('maxAdvanceDays')}
            />
            <NumberInput
              label="Nudge to rebook after (weeks)"
              description={`Weeks after a completed visit at which the customer is e-mailed to book it again, if they have booked nothing since (1 to ${REBOOK_WEEKS_MAX}); empty: no nudge`}
              placeholder="No nudge"
              rightSection="weeks"
              rightSectionWidth={60}
              rightSectionPointerEvents="none"
              allowDecimal={false}
              hideControls
              {...form.getInputProps('rebookWeeks')}
            />
          </SimpleGrid>
        </>
      )}
    </EntityForm>
  );
}
