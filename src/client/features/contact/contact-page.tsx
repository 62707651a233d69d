import {
  Anchor,
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/client/components/public/load-error';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc, type RouterOutputs } from '@/client/lib/trpc';
import { usePageTitle } from '@/client/lib/use-page-title';
import { BOOKING_SECTION_ID } from '@/client/features/booking/booking-link';
import { DeferredBookingForm } from '@/client/features/booking/deferred-booking-form';
import { displayPhone, phoneHref } from '@/client/components/public/contact-format';
import { OpeningHoursTable } from './opening-hours-table';
import { SalonMap } from '@/client/components/public/salon-map';
import { PUBLIC_PAGES } from '@/shared/public-pages';
import { Columns } from '@/client/components/layout/columns';

type ContactInfo = RouterOutputs['public']['contact']['info'];

const FETCH_FAILED = 'An error occurred';

/** The details beside the map from the md breakpoint up (five twelfths and seven), one above the other below it. */
const DETAILS_AND_MAP = { base: 1, md: 'minmax(0, 5fr) minmax(0, 7fr)' };

export function ContactPage() {
  usePageTitle(PUBLIC_PAGES.contact.title);
  const contactQuery = trpc.public.contact.info.useQuery();
  useErrorToast(contactQuery.error, FETCH_FAILED, 'contact-fetch-error');

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Contact Us</Title>
      <Text mt="sm" maw={640}>
        Drop by, call or write: we are happy to help you choose a service or find a time.
      </Text>

      {contactQuery.isPending ? (
        <ContactSkeleton />
      ) : contactQuery.isError ? (
        <LoadError
          title="Contact details could not be loaded"
          error={contactQuery.error}
          fallback={FETCH_FAILED}
          onRetry={() => void contactQuery.refetch()}
        />
      ) : (
        <ContactDetails contact={contactQuery.data} />
      )}

      {/* The anchor a guest returns to from /login. */}
      <Box mt={64} id={BOOKING_SECTION_ID} style={{ scrollMarginTop: 80 }}>
        <DeferredBookingForm ready={!contactQuery.isPending} />
      </Box>
    </Container>
  );
}

function ContactDetails({ contact }: { contact: ContactInfo }) {
  return (
    <Columns cols={DETAILS_AND_MAP} spacing="xl" mt="xl">
      <div>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="lg" component="dl" m={0}>
            <ContactItem term="Address">
              {/* <address> is for contact information, which is exactly what this is. */}
              <Text component="address" style={{ fontStyle: 'normal' }}>
                {contact.address}
              </Text>
            </ContactItem>
            <ContactItem term="Email">
              <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
            </ContactItem>
            <ContactItem term={contact.secondaryPhone ? 'Phones' : 'Phone'}>
              <Stack gap={2}>
                <Anchor href={phoneHref(contact.phone)}>{displayPhone(contact.phone)}</Anchor>
                {contact.secondaryPhone ? (
                  <Anchor href={phoneHref(contact.secondaryPhone)}>{displayPhone(contact.secondaryPhone)}</Anchor>
                ) : null}
              </Stack>
            </ContactItem>
            <ContactItem term="Opening hours">
              <OpeningHoursTable />
            </ContactItem>
          </Stack>
          <Button component={Link} to="/appointment" mt="xl" style={{ alignSelf: 'flex-start' }}>
            Book an appointment
          </Button>
        </Card>
      </div>
      <div>
        <SalonMap location={contact.location} address={contact.address} />
      </div>
    </Columns>
  );
}

function ContactItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fw={600} size="sm" c="dimmed" tt="uppercase" lts={0.5}>
        {term}
      </Text>
      <Text component="dd" m={0} mt={4}>
        {children}
      </Text>
    </div>
  );
}

function ContactSkeleton() {
  return (
    <Columns cols={DETAILS_AND_MAP} spacing="xl" mt="xl" aria-busy="true">
      <VisuallyHidden>Loading contact details…</VisuallyHidden>
      <div>
        <Card withBorder radius="md" padding="lg">
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index}>
              <Skeleton h={12} w={80} mt={index === 0 ? 0 : 'lg'} />
              <Skeleton h={18} mt={8} />
            </div>
          ))}
        </Card>
      </div>
      <div>
        <AspectRatio ratio={4 / 3}>
          <Skeleton />
        </AspectRatio>
      </div>
    </Columns>
  );
}
