import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '@/client/lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Page not found</Title>
      <Text mt="md">The page you are looking for does not exist or has moved.</Text>
      <Anchor component={Link} to="/" mt="md" display="inline-block">
        Back to the home page
      </Anchor>
    </Container>
  );
}
