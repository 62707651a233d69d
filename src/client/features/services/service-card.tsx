import { AspectRatio, Card, Group, Image, Text, Title } from '@mantine/core';
import type { Service } from '../../../shared/schemas/service';
import { formatDuration, formatPrice } from '../../lib/format';

export function ServiceCard({ service }: { service: Service }) {
  return (
    <Card component="article" withBorder shadow="sm" padding="lg" radius="md">
      <Card.Section>
        {/* A fixed ratio reserves the space before the image arrives, so cards do not jump. */}
        <AspectRatio ratio={4 / 3}>
          <Image src={service.image.url} alt={service.name} loading="lazy" fit="cover" />
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
