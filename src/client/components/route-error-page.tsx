import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@/client/lib/use-page-title';

/**
 * What a screen that failed shows. The usual cause in production is a lazily loaded chunk that
 * vanished after a deploy, which a reload fixes.
 */
export function RouteErrorPage() {
  usePageTitle('Something went wrong');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Something went wrong</Title>
      <Text mt="md">This page could not be shown. Reloading usually helps.</Text>
      <Group mt="lg">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button component={Link} to="/" variant="default">
          Go to the home page
        </Button>
      </Group>
    </Container>
  );
}

interface BoundaryProps {
  /** The address shown; moving to another one tries its screen afresh. */
  pathname: string;
  children: ReactNode;
}

/** Shows RouteErrorPage in place of `children` when they throw, until the address changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    // The address is filled in below, from the props of the render that failed.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    if (state.failedAt === '') return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteErrorPage />;
  }
}
