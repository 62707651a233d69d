// Opened from a waitlist offer's mail: /waitlist/offers/{token} (README "Waitlist"). Opening it
// changes nothing (mail scanners open links too); "Book this time" books it for the customer it
// was offered to, while it is held for them.
import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { WAITLIST_HOLD_MINUTES } from '@/shared/constants';
import type { WaitlistOffer } from '@/shared/schemas/waitlist';
import { formatClock, formatDayWithWeekday, formatMoment } from '@/shared/time-format';
import { AuthCard } from './auth-card';
import { LiveForm } from '@/client/components/forms/live-form';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';

const FAILED = 'Something went wrong. Please try again.';

function OfferDetails({ offer }: { offer: WaitlistOffer }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {formatDayWithWeekday(offer.bookingDate)} at {formatClock(offer.timeSlot)}
      </Text>
      {offer.items.map((item, index) => (
        <Text key={`${item.service._id}-${String(index)}`} size="sm">
          {item.service.name} with {item.specialist.name}
        </Text>
      ))}
    </Stack>
  );
}

const toMyAppointments = (
  <Text size="sm" ta="center">
    <Anchor component={Link} to="/my-appointments">
      My appointments
    </Anchor>
  </Text>
);

export function WaitlistOfferPage() {
  usePageTitle('A time came free');
  const { token = '' } = useParams();
  const utils = trpc.useUtils();
  const offerQuery = trpc.public.waitlist.offer.useQuery({ token }, { retry: false });
  const accept = trpc.public.waitlist.accept.useMutation({
    onSettled: () => void utils.public.waitlist.offer.invalidate(),
  });
  const offer = offerQuery.data;

  return (
    <AuthCard title="A time came free" intro="From the waitlist">
      {offerQuery.isPending ? (
        <Stack align="center">
          <Loader aria-label="Loading the offer" />
        </Stack>
      ) : !offer ? (
        <Alert color="red" title="Offer not found">
          {errorMessage(offerQuery.error, FAILED)}
        </Alert>
      ) : accept.isSuccess || offer.status === 'accepted' ? (
        <Stack gap="md">
          <OfferDetails offer={offer} />
          <Alert color="green" title="Booked">
            This time is booked for you. You will get a confirmation by e-mail.
          </Alert>
          {toMyAppointments}
        </Stack>
      ) : offer.status === 'open' ? (
        <LiveForm
          legend="Book the time offered"
          onSubmit={(event) => {
            event.preventDefault();
            accept.mutate({ token });
          }}
        >
          <Stack gap="md">
            <OfferDetails offer={offer} />
            <Text size="sm">Held for you alone until {formatMoment(offer.heldUntil)}.</Text>
            {accept.isError ? (
              <Alert color="red" title="Not booked">
                {errorMessage(accept.error, FAILED)}
              </Alert>
            ) : null}
            <Button type="submit" fullWidth loading={accept.isPending}>
              Book this time
            </Button>
          </Stack>
        </LiveForm>
      ) : (
        <Stack gap="md">
          <OfferDetails offer={offer} />
          <Alert color="yellow" title="This offer has ended">
            The time was held for you for {WAITLIST_HOLD_MINUTES} minutes, or until it began.
          </Alert>
          {toMyAppointments}
        </Stack>
      )}
    </AuthCard>
  );
}
