import { Button, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useMemo, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Visit } from '@/shared/schemas/visits';
import { isSeriesPreview, visitFormSchema, type CreateVisitInput, type VisitFormValues } from '@/shared/schemas/visits';
import { DateField } from '@/client/components/forms/date-field';
import { showServerFieldErrors } from '@/client/components/forms/server-field-errors';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { notifyError, notifyProblem, notifySuccess } from '@/client/lib/notify';
import { trpc } from '@/client/lib/trpc';
import { useUserAuth } from '@/client/lib/auth/user-auth-store';
import { splitFullName } from '@/shared/bookings';
import { ANY_SPECIALIST } from '@/shared/constants';
import { formatClock } from '@/shared/time-format';
import { specialistsOffering } from './booking-format';
import { clearBookingDraft, keepBookingDraft } from './booking-choices';
import { PriceQuote, VisitQuote } from './price-quote';
import { specialistOptions, visitFieldErrors, VisitItems } from '@/client/components/forms/visit-items';
import { TimeSlotSelect } from '@/client/components/forms/time-slot-select';
import { useSlotPicker } from '@/client/components/forms/use-slot-picker';
import { useBookingChoices } from './use-booking-choices';
import { LiveForm } from '@/client/components/forms/live-form';
import { PHONE_INPUT } from '@/client/components/forms/phone-input';
import { Columns } from '@/client/components/layout/columns';
import { BOOKING_FORM_TITLE } from './booking-form-title';
import { JoinWaitlist } from './join-waitlist';
import { RepeatFields } from '@/client/components/forms/repeat-fields';
import { seriesBookedNotice, useSeriesReview } from '@/client/components/forms/series-review-state';

// Loaded when a repeating booking's dates have been checked: most bookings never need it.
const SeriesReview = lazy(() =>
  import('@/client/components/forms/series-review').then((module) => ({ default: module.SeriesReview })),
);

const BOOKING_FAILED = 'Booking failed. Please try again.';

const emptyBooking: VisitFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  bookingDate: '',
  timeSlot: '',
  service: '',
  specialist: '',
  extras: [],
};

/** "10:00 AM Hair Colouring with Leila Haddad, 11:40 AM …": who the salon picked, and when. */
const visitSummary = (visit: Visit) =>
  visit.items
    .map((item) => `${formatClock(item.timeSlot)} ${item.service.name} with ${item.specialist.name}`)
    .join(', ');

/**
 * The booking form of the appointment, contact and services pages. A customer's name, e-mail and
 * phone come from the account and cannot be changed here; a guest who submits is asked to log in
 * first. The free times reload whenever the day, the service or the specialist changes. The
 * specialist is kept by name (the booking payload names them), or ANY_SPECIALIST: the free times
 * are then everyone's who offers the service, and the server picks who does it.
 */
export function BookingForm({ title = BOOKING_FORM_TITLE }: { title?: string }) {
  const navigate = useNavigate();
  const { user, isAuthenticated, status } = useUserAuth();
  // Until the server has said who is here, a submit could wrongly send a customer to /login.
  const settling = status === 'idle' || status === 'loading';
  const utils = trpc.useUtils();
  const form = useForm<VisitFormValues>({
    initialValues: emptyBooking,
    validate: schemaResolver(visitFormSchema, { sync: true }),
    // Every change is kept for this tab, so a guest sent to log in finds the form as they left it.
    onValuesChange: keepBookingDraft,
  });
  const { chooseService, loginPath } = useBookingChoices(form);

  // The account's details fill the identity fields (and empty them again after a logout).
  const { setValues } = form;
  useEffect(() => {
    const name = splitFullName(user?.fullName ?? '');
    setValues({
      firstName: user ? name.firstName : '',
      lastName: user ? name.lastName : '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
    });
  }, [user, setValues]);

  const servicesQuery = trpc.public.services.list.useQuery();
  const specialistsQuery = trpc.public.specialists.list.useQuery();
  useErrorToast(servicesQuery.error, 'Failed to fetch services.', 'services-fetch-error');
  useErrorToast(specialistsQuery.error, 'Failed to fetch specialists.', 'specialists-fetch-error');

  const values = form.getValues();
  const specialists = useMemo(
    () => specialistsOffering(specialistsQuery.data ?? [], values.service),
    [specialistsQuery.data, values.service],
  );
  const specialistId =
    values.specialist === ANY_SPECIALIST
      ? ANY_SPECIALIST
      : (specialists.find((specialist) => specialist.name === values.specialist)?._id ?? '');
  // Several services: the visit's free start times; one: the spec's free slots, as before.
  const lines = [{ service: values.service, specialist: values.specialist }, ...values.extras];
  const isVisit = values.extras.length > 0;
  const slotsInput = { specialistId, bookingDate: values.bookingDate, serviceName: values.service };
  const slotsEnabled = specialistId !== '' && values.bookingDate !== '' && values.service !== '';
  const slotsQuery = trpc.public.bookings.availableSlots.useQuery(slotsInput, {
    enabled: slotsEnabled && !isVisit,
    retry: false,
  });
  const visitEnabled =
    isVisit && values.bookingDate !== '' && lines.every((line) => line.service !== '' && line.specialist !== '');
  const visitSlotsQuery = trpc.public.visits.availableSlots.useQuery(
    { bookingDate: values.bookingDate, items: lines },
    { enabled: visitEnabled, retry: false },
  );
  const { clearSlot, dateProps, slotProps } = useSlotPicker(form, isVisit ? visitSlotsQuery : slotsQuery, {
    enabled: isVisit ? visitEnabled : slotsEnabled,
  });

  /** After a booking or a visit is made: the time is gone, the draft too; the choices stay. */
  const booked = () => {
    clearSlot();
    // After clearSlot, which keeps the rest of the choices: booked, there is no draft left.
    clearBookingDraft();
    form.clearErrors();
    void utils.public.bookings.availableSlots.invalidate();
    void utils.public.visits.availableSlots.invalidate();
    void utils.customer.bookings.list.invalidate();
    // A booking in an entry's days ends the wait.
    void utils.customer.waitlist.list.invalidate();
  };
  const refused = (error: unknown) => {
    showServerFieldErrors(form, error, visitFieldErrors);
    notifyError(error, BOOKING_FAILED);
    // The time may just have been taken: show what is still free.
    clearSlot();
    void utils.public.bookings.availableSlots.invalidate();
    void utils.public.visits.availableSlots.invalidate();
  };
  // "Repeat": the dates are checked first (a preview), then booked with the choices made for them.
  const seriesReview = useSeriesReview<CreateVisitInput>();
  const createVisit = trpc.customer.visits.create.useMutation({
    onSuccess: (visit, sent) => {
      if (isSeriesPreview(visit)) {
        seriesReview.show(sent, visit.series);
        return;
      }
      if (visit.series) {
        notifications.show({ color: 'green', ...seriesBookedNotice(visit.series) });
        seriesReview.close();
      } else {
        notifications.show({ color: 'green', title: 'Visit booked successfully', message: visitSummary(visit) });
      }
      booked();
    },
    onError: (error, sent) => {
      if (sent.occurrences === undefined) {
        refused(error);
        return;
      }
      // A date was taken since the review (the message names it): check the dates again.
      notifyError(error, BOOKING_FAILED);
      createVisit.mutate({ ...sent, occurrences: undefined, preview: true });
    },
  });

  const createBooking = trpc.customer.bookings.create.useMutation({
    onSuccess: (booking, sent) => {
      if (sent.specialist === ANY_SPECIALIST) {
        // The salon picked: say who, so the customer knows whom to expect.
        notifications.show({
          color: 'green',
          title: 'Appointment booked successfully',
          message: `Booked with ${booking.specialist.name}`,
        });
      } else {
        notifySuccess('Appointment booked successfully');
      }
      booked();
    },
    onError: refused,
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    if (!isAuthenticated) {
      event.preventDefault();
      notifyProblem('Please login first');
      void navigate(loginPath());
      return;
    }
    form.onSubmit(({ extras, repeat, ...booking }) => {
      const items = [{ service: booking.service, specialist: booking.specialist }, ...extras];
      if (repeat) createVisit.mutate({ ...booking, items, repeat, preview: true });
      else if (extras.length === 0) createBooking.mutate(booking);
      else createVisit.mutate({ ...booking, items });
    })(event);
  };

  const identityProps = { readOnly: isAuthenticated, variant: isAuthenticated ? 'filled' : 'default' } as const;

  return (
    <Paper component="section" aria-labelledby="booking-form-title" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} id="booking-form-title">
        {title}
      </Title>
      {seriesReview.review ? null : (
        <Text mt="xs" size="sm">
          Choose a day, a service and a specialist, then one of the free times.
          {isAuthenticated || settling ? null : ' You will be asked to log in before your booking is sent.'}
        </Text>
      )}

      {seriesReview.review ? (
        <Stack mt="lg">
          <Suspense fallback={null}>
            <SeriesReview
              key={seriesReview.review.round}
              series={seriesReview.review.series}
              pending={createVisit.isPending}
              onBack={seriesReview.close}
              onBook={(occurrences) => {
                if (seriesReview.review) createVisit.mutate({ ...seriesReview.review.request, occurrences });
              }}
            />
          </Suspense>
        </Stack>
      ) : null}
      <LiveForm legend="Your booking" onSubmit={submit} hidden={seriesReview.review !== null}>
        <Stack gap="md" mt="lg">
          <Columns cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              {...identityProps}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              {...identityProps}
              {...form.getInputProps('lastName')}
            />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...identityProps}
              {...form.getInputProps('email')}
            />
            <TextInput label="Phone" {...PHONE_INPUT} required {...identityProps} {...form.getInputProps('phone')} />
            <DateField label="Date" required {...dateProps} />
            <Select
              label="Service"
              placeholder={servicesQuery.isPending ? 'Loading services…' : 'Select a service'}
              data={(servicesQuery.data ?? []).map((service) => service.name)}
              disabled={servicesQuery.isPending}
              allowDeselect={false}
              searchable
              comboboxProps={{ keepMounted: false }}
              required
              {...form.getInputProps('service')}
              // Mantine's Select clears its text only for null, not for an empty string.
              value={values.service || null}
              onChange={(service: string | null) => {
                chooseService(service ?? '');
              }}
            />
            <Select
              label="Specialist"
              placeholder={specialistsQuery.isPending ? 'Loading specialists…' : 'Select a specialist'}
              data={specialistOptions(specialistsQuery.data ?? [], values.service)}
              disabled={specialistsQuery.isPending}
              allowDeselect={false}
              nothingFoundMessage="No specialist offers this service"
              comboboxProps={{ keepMounted: false }}
              required
              {...form.getInputProps('specialist')}
              // Mantine's Select clears its text only for null, not for an empty string.
              value={values.specialist || null}
              onChange={(specialist: string | null) => {
                form.setFieldValue('specialist', specialist ?? '');
                clearSlot();
              }}
            />
            <TimeSlotSelect label="Time slot" idlePlaceholder="Pick a date, service and specialist" {...slotProps} />
          </Columns>

          <VisitItems
            form={form}
            first={values.service}
            services={servicesQuery.data ?? []}
            specialists={specialistsQuery.data ?? []}
            onChange={clearSlot}
          />

          <RepeatFields form={form} />

          {isVisit ? (
            <VisitQuote lines={lines} start={values.timeSlot} day={values.bookingDate} />
          ) : (
            <PriceQuote serviceName={values.service} specialist={values.specialist} day={values.bookingDate} />
          )}

          {lines.every((line) => line.service !== '' && line.specialist !== '') ? (
            <JoinWaitlist
              lines={lines}
              day={values.bookingDate}
              isAuthenticated={isAuthenticated}
              loginPath={loginPath}
            />
          ) : null}

          <Button
            type="submit"
            loading={createBooking.isPending || createVisit.isPending || settling}
            style={{ alignSelf: 'flex-start' }}
          >
            {values.repeat ? 'Check the dates' : isVisit ? 'Book visit' : 'Book appointment'}
          </Button>
        </Stack>
      </LiveForm>
    </Paper>
  );
}
