import { AspectRatio, Card, Group, Image, Text, Title } from '@mantine/core';
import type { Service } from '@/shared/schemas/service';
import { formatDuration, formatPrice } from '@/client/lib/format';

/**
 * `priority`: "high" for the picture likely to be the largest thing on the first screen (fetched
 * at once and first), "eager" for the rest of the first row; others load as they near the window.
 */
export function ServiceCard({ service, priority }: { service: Service; priority?: 'high' | 'eager' | undefined }) {
  return (
    <Card component="article" withBorder shadow="sm" padding="lg" radius="md">
      <Card.Section>
        {/* A fixed ratio reserves the space before the image arrives, so cards do not jump. */}
        <AspectRatio ratio={4 / 3}>
          <Image
            src={service.image.url}
            alt={service.name}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority === 'high' ? 'high' : undefined}
            fit="cover"
          />
        </AspectRatio>
      </Card.Section>

      <Group justify="space-between" align="flex-start" wrap="nowrap" mt="md" gap="sm">
        <Title order={3} fz="lg" lh={1.3}>
          {service.name}
        </Title>
        <Text fz="xl" fw={700} c="pink.8" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
          {formatPrice(service.price)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {formatDuration(service.duration)}
      </Text>
      <Text size="sm" mt="sm">
        {service.description}
      </Text>
    </Card>
  );
}
