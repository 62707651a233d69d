import { Container, Text, Title } from '@mantine/core';
import { usePageTitle } from '@/client/lib/use-page-title';
import { BookingForm } from './booking-form';
import { PUBLIC_PAGES } from '@/shared/public-pages';

export function AppointmentPage() {
  usePageTitle(PUBLIC_PAGES.appointment.title);
  return (
    <Container size="md" py="xl">
      <Title order={1}>Book an appointment</Title>
      <Text mt="sm" mb="xl" maw={640}>
        Pick a day, the service you would like and who should do it; we show the times still free.
      </Text>
      <BookingForm title="Your appointment" />
    </Container>
  );
}
