import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the customer account pages: a centred card with the page's one h1. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Container size="xs" py={48}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} ta="center">
              {title}
            </Title>
            {intro ? (
              <Text ta="center" c="dimmed" size="sm">
                {intro}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
