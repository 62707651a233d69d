import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';
import { ANY_SPECIALIST, WAITLIST_HOLD_MINUTES } from '@/shared/constants';
import {
  inPartOfDay,
  partOfDayLabel,
  waitlistItemsText,
  waitlistOfferInputSchema,
  type SalonWaitlistEntry,
} from '@/shared/schemas/waitlist';
import { DateField } from '@/client/components/forms/date-field';
import { FormModal } from '@/client/components/forms/form-modal';
import { TimeSlotSelect } from '@/client/components/forms/time-slot-select';
import { useSlotPicker } from '@/client/components/forms/use-slot-picker';
import { bookingDateRange } from '@/client/lib/day-format';
import { trpc } from '@/client/lib/trpc';
import { useOfferTime } from './api/waitlist';
import { daysText } from './days-text';

/** The form's values: the entry's id, a day (`YYYY-MM-DD`) and one of its free times (`HH:MM`, salon time). */
type OfferValues = z.input<typeof waitlistOfferInputSchema>;

const HOLD_NOTE = `Held for them alone for ${String(WAITLIST_HOLD_MINUTES)} minutes; they get an e-mail with a link that books it.`;

/**
 * The days a time can be offered on: the entry's, from today on (`today` is the salon's) and
 * within the booking horizon. `min > max` when none is left.
 */
function offerDays(entry: SalonWaitlistEntry, today: string): { min: string; max: string } {
  const horizon = bookingDateRange().max;
  return {
    min: entry.fromDate > today ? entry.fromDate : today,
    max: entry.toDate < horizon ? entry.toDate : horizon,
  };
}

/** An entry still has a day a time can be offered on. */
export const canOfferTime = (entry: SalonWaitlistEntry, today: string): boolean => {
  const { min, max } = offerDays(entry, today);
  return min <= max;
};

/**
 * "Offer a time": a free time of the entry's services on one of its days, held for its customer
 * alone for WAITLIST_HOLD_MINUTES and mailed with the link that books it (README "Waitlist").
 * `entry` stays set while the modal closes, so its content does not vanish mid-transition; a new
 * `session` (each opening) starts the form afresh on `day`, the page's day.
 */
export function OfferTimeModal({
  entry,
  session,
  opened,
  day,
  today,
  onClose,
}: {
  entry: SalonWaitlistEntry | null;
  session: number;
  opened: boolean;
  /** The page's day: the form starts on it when the entry can be offered a time then. */
  day: string;
  /** The salon's today: no earlier day is offered. */
  today: string;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={entry ? `Offer a time to ${entry.customer.fullName}` : ''}>
      {(onBusy) =>
        entry ? (
          <OfferTimeForm
            key={session}
            entry={entry}
            opened={opened}
            day={day}
            today={today}
            onClose={onClose}
            onBusy={onBusy}
          />
        ) : null
      }
    </FormModal>
  );
}

function OfferTimeForm({
  entry,
  opened,
  day,
  today,
  onClose,
  onBusy,
}: {
  entry: SalonWaitlistEntry;
  opened: boolean;
  day: string;
  today: string;
  onClose: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const { min, max } = offerDays(entry, today);
  const startDay = day >= min && day <= max ? day : min <= max ? min : '';
  const form = useForm<OfferValues>({
    initialValues: { id: entry._id, bookingDate: startDay, timeSlot: '' },
    validate: schemaResolver(waitlistOfferInputSchema, { sync: true }),
  });
  const values = form.getValues();

  // What the entry waits for, as a visit's items: a specialist left open is anyone who offers the service.
  const items = entry.items.map((item) => ({
    service: item.service._id,
    specialist: item.specialist?._id ?? ANY_SPECIALIST,
  }));
  const slotsEnabled = opened && values.bookingDate !== '';
  const slotsQuery = trpc.public.visits.availableSlots.useQuery(
    { bookingDate: values.bookingDate, items },
    { enabled: slotsEnabled, retry: false },
  );
  // The times in the part of the day the customer asked for.
  const { clearSlot, dateProps, slotProps } = useSlotPicker(form, slotsQuery, {
    enabled: slotsEnabled,
    offered: (slot) => inPartOfDay(slot, entry.partOfDay),
  });

  const offer = useOfferTime({
    form,
    customerName: entry.customer.fullName,
    onBusy,
    onClose,
    onConflict: () => {
      // The chosen time may just have been taken: show what is still free, and drop it if it is gone.
      void slotsQuery.refetch().then((fresh) => {
        if (!fresh.data?.includes(form.getValues().timeSlot)) clearSlot();
      });
    },
  });
  const close = () => {
    if (!offer.isPending) onClose();
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((submitted) => {
        offer.mutate(submitted);
      })}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm">Waiting for {waitlistItemsText(entry.items)}</Text>
          <Text size="sm" c="dimmed">
            {daysText(entry)}, {partOfDayLabel(entry.partOfDay)}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {/* The entry's days from today on, not the booking horizon's. */}
          <DateField label="Date" required {...dateProps} minDate={min} maxDate={max} />
          <TimeSlotSelect label="Time" idlePlaceholder="Pick a date first" {...slotProps} />
        </SimpleGrid>
        <Text size="sm">{HOLD_NOTE}</Text>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={close} disabled={offer.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={offer.isPending}>
            Offer this time
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
