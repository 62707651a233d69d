import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '@/client/lib/use-page-title';

/**
 * Replaces React Router's developer-facing default error screen. The usual cause in production
 * is a lazily loaded chunk that vanished after a deploy, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Something went wrong</Title>
      <Text mt="md">
        This page could not be shown. Reloading usually helps.
        {detail ? ` (${detail})` : null}
      </Text>
      <Group mt="lg">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button component={Link} to="/" variant="default">
          Go to the home page
        </Button>
      </Group>
    </Container>
  );
}
