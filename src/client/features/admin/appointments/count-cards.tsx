import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { CountCard } from '../../../components/admin/admin-page-header';

/** The dashboard's count cards, drawn as the list screens draw theirs. */
export function CountCards({ counts }: { counts: CountCard[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(counts.length, 4) }} spacing="md">
      {counts.map((card) => (
        <Paper key={card.label} withBorder radius="lg" p="md" role="group" aria-label={card.label}>
          <Text size="sm" c="dimmed" fw={500}>
            {card.label}
          </Text>
          {card.value === undefined ? (
            <Skeleton height={32} width={48} mt={6} />
          ) : (
            <Text fz={28} fw={700} lh={1.3} data-testid="count">
              {card.value}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
