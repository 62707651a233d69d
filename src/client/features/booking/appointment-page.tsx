import { Container, Text, Title } from '@mantine/core';
import { usePageTitle } from '@/client/lib/use-page-title';
import { BookingForm } from './booking-form';

export function AppointmentPage() {
  usePageTitle('Book an appointment');
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
