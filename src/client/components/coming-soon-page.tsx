import { Container, Text, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

/** An honest stand-in for a screen whose feature has not been built yet. */
export function ComingSoonPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{title}</Title>
      <Text mt="md">This page is coming soon.</Text>
    </Container>
  );
}
