import {
  Alert,
  Button,
  Combobox,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/shared/constants';
import type { CustomerSearchResult } from '@/shared/schemas/customers';
import { adminVisitFormSchema, type AdminCreateVisitInput } from '@/shared/schemas/visits';
import { formatClock, formatDay } from '@/shared/time-format';
import { VisitItems, type VisitExtra } from '@/client/components/forms/visit-items';
import { DateField } from '@/client/components/forms/date-field';
import { RepeatFields, type RepeatValues } from '@/client/components/forms/repeat-fields';
import { SeriesReview } from '@/client/components/forms/series-review';
import { useSeriesReview } from '@/client/components/forms/series-review-state';
import { splitFullName } from '@/shared/bookings';
import { trpc } from '@/client/lib/trpc';
import { bookingDateRange } from '@/client/lib/day-format';
import { useCreateSalonBooking, useCreateSalonVisit } from './api/bookings';
import { PHONE_MODAL } from './calendar-events';
import './calendar.css';

export interface SalonBookingTarget {
  specialistId: string;
  day: string;
  time: string;
}

/** The form's values: every field as text ('' for not given); `adminCreateBookingSchema` checks them. */
interface Values {
  customerId: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  bookingDate: string;
  timeSlot: string;
  service: string;
  specialist: string;
  /** The visit's further services (names), each with its specialist's name or `any`. */
  extras: VisitExtra[];
  /** Set while "Repeat" is on. */
  repeat?: RepeatValues | undefined;
}

/**
 * "Book for a customer": a customer who phoned or walked in. Find them by name, e-mail or phone, or
 * type a new one's name and phone (an e-mail is optional); the salon picks service, specialist and time.
 */
export function SalonBookingModal({ target, onClose }: { target: SalonBookingTarget | null; onClose: () => void }) {
  // A phone's whole screen; the Book button stays in view at the foot (calendar.css).
  const phone = useMediaQuery(PHONE_MODAL);
  return (
    <Modal opened={target !== null} onClose={onClose} title="Book for a customer" size="lg" centered fullScreen={phone}>
      {target && <SalonBookingForm target={target} onDone={onClose} />}
    </Modal>
  );
}

function SalonBookingForm({ target, onDone }: { target: SalonBookingTarget; onDone: () => void }) {
  const specialists = trpc.public.specialists.list.useQuery();
  const allServices = trpc.public.services.list.useQuery();
  const form = useForm<Values>({
    initialValues: {
      customerId: '',
      firstName: '',
      lastName: '',
      phone: '',
      email: '',
      bookingDate: target.day,
      timeSlot: target.time,
      service: '',
      specialist: target.specialistId,
      extras: [],
    },
    validate: schemaResolver(adminVisitFormSchema, { sync: true }),
  });
  const specialist = specialists.data?.find((s) => s._id === form.values.specialist);
  const services = specialist?.expertise ?? [];
  const { extras } = form.values;
  const isVisit = extras.length > 0;
  const chosen = form.values.service !== '' && form.values.specialist !== '' && form.values.bookingDate !== '';
  const items = [{ service: form.values.service, specialist: form.values.specialist }, ...extras];
  const bookingSlots = trpc.public.bookings.availableSlots.useQuery(
    { specialistId: form.values.specialist, bookingDate: form.values.bookingDate, serviceName: form.values.service },
    { enabled: chosen && !isVisit },
  );
  const visitSlots = trpc.public.visits.availableSlots.useQuery(
    { bookingDate: form.values.bookingDate, items },
    { enabled: chosen && isVisit && extras.every((extra) => extra.service !== '' && extra.specialist !== '') },
  );
  const slots = isVisit ? visitSlots : bookingSlots;
  const refetchSlots = () => {
    void slots.refetch();
  };
  const create = useCreateSalonBooking({ form, onDone, onFailed: refetchSlots });
  // "Repeat": the dates are checked first (a preview), then booked with the choices made for them.
  const seriesReview = useSeriesReview<AdminCreateVisitInput>();
  const createVisit = useCreateSalonVisit({ form, onDone, onFailed: refetchSlots, onPreview: seriesReview.show });

  const pick = (customer: CustomerSearchResult[number]) => {
    const { firstName, lastName } = splitFullName(customer.fullName);
    form.setValues({ customerId: customer._id, firstName, lastName, phone: customer.phone, email: customer.email });
  };

  const times = slots.data ?? [];
  // The server books no day in the past or beyond the horizon, for the salon either.
  const { min, max } = bookingDateRange();
  const timeMissing = slots.data !== undefined && form.values.timeSlot !== '' && !times.includes(form.values.timeSlot);

  const { review } = seriesReview;
  return (
    <>
      {review ? (
        <SeriesReview
          key={review.round}
          series={review.series}
          pending={createVisit.isPending}
          onBack={seriesReview.close}
          onBook={(occurrences) => createVisit.mutate({ ...review.request, occurrences })}
        />
      ) : null}
      <form
        hidden={review !== null}
        onSubmit={form.onSubmit(({ extras: further, repeat, ...values }) => {
          const customer = { customerId: values.customerId || undefined, email: values.email || undefined };
          const items = [{ service: values.service, specialist: values.specialist }, ...further];
          if (repeat) createVisit.mutate({ ...values, ...customer, items, repeat, preview: true });
          else if (further.length === 0) create.mutate({ ...values, ...customer });
          else createVisit.mutate({ ...values, ...customer, items });
        })}
      >
        <Stack gap="sm">
          <CustomerSearch
            onPick={pick}
            picked={form.values.customerId !== ''}
            onClear={() => form.setFieldValue('customerId', '')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label="Last name" withAsterisk {...form.getInputProps('lastName')} />
            <TextInput label="Phone" withAsterisk inputMode="numeric" {...form.getInputProps('phone')} />
            <TextInput label="Email (optional)" type="email" {...form.getInputProps('email')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Specialist"
              withAsterisk
              data={(specialists.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
              allowDeselect={false}
              {...form.getInputProps('specialist')}
              onChange={(value: string | null) => {
                form.setFieldValue('specialist', value ?? '');
                form.setFieldValue('service', '');
              }}
            />
            <Select
              label="Service"
              withAsterisk
              placeholder="Choose a service"
              data={services.map((s) => s.name)}
              {...form.getInputProps('service')}
              onChange={(value: string | null) => form.setFieldValue('service', value ?? '')}
            />
            <DateField label="Date" withAsterisk minDate={min} maxDate={max} {...form.getInputProps('bookingDate')} />
            <Select
              label="Time"
              withAsterisk
              placeholder={
                form.values.service === ''
                  ? 'Choose a service first'
                  : slots.isFetching
                    ? 'Loading…'
                    : times.length === 0
                      ? 'No free time'
                      : 'Choose a time'
              }
              // The time tapped in the calendar shows until the free times are known.
              data={(slots.data === undefined && form.values.timeSlot !== '' ? [form.values.timeSlot] : times).map(
                (time) => ({ value: time, label: formatClock(time) }),
              )}
              rightSection={slots.isFetching ? <Loader size="xs" /> : undefined}
              {...form.getInputProps('timeSlot')}
              onChange={(value: string | null) => form.setFieldValue('timeSlot', value ?? '')}
            />
          </SimpleGrid>
          <VisitItems
            form={form}
            first={form.values.service}
            services={(specialists.data ?? []).length > 0 ? (allServices.data ?? []) : []}
            specialists={specialists.data ?? []}
            onChange={() => form.setFieldValue('timeSlot', '')}
          />
          <RepeatFields form={form} />
          {timeMissing && (
            <Alert color="yellow" variant="light">
              {formatClock(form.values.timeSlot)} is not free for this service on {formatDay(form.values.bookingDate)}.
              Choose one of the free times.
            </Alert>
          )}
          <Group justify="flex-end" className="sc-modal-footer">
            <Button variant="default" onClick={onDone}>
              Close
            </Button>
            <Button type="submit" loading={create.isPending || createVisit.isPending}>
              {form.values.repeat ? 'Check the dates' : isVisit ? 'Book visit' : 'Book'}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

/** Finds an existing customer by name, e-mail or phone (the server searches). */
function CustomerSearch({
  onPick,
  picked,
  onClear,
}: {
  onPick: (c: CustomerSearchResult[number]) => void;
  picked: boolean;
  onClear: () => void;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox();
  const found = trpc.admin.customers.search.useQuery({ search: debounced }, { enabled: debounced.length >= 2 });
  const results = found.data ?? [];
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const customer = results.find((c) => c._id === id);
        if (customer) {
          onPick(customer);
          setText(customer.fullName);
        }
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label="Find a customer"
          description={
            picked
              ? 'An existing customer: the booking joins their account.'
              : 'By name, e-mail or phone; or fill in a new customer below.'
          }
          placeholder="Name, e-mail or phone"
          value={text}
          rightSection={found.isFetching ? <Loader size="xs" /> : undefined}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (picked) onClear();
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={debounced.length < 2}>
        <Combobox.Options>
          {results.length === 0 ? (
            <Combobox.Empty>
              {found.isFetching ? 'Searching…' : 'No customer found: fill in a new one below.'}
            </Combobox.Empty>
          ) : (
            results.map((customer) => (
              <Combobox.Option value={customer._id} key={customer._id}>
                <Text size="sm" fw={500}>
                  {customer.fullName}
                </Text>
                <Text size="xs" c="dimmed">
                  {[customer.phone, customer.email].filter(Boolean).join(' · ')}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
