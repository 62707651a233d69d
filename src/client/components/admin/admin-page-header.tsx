import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/client/lib/use-page-title';
import type { SearchState } from './search';

export interface CountCard {
  label: string;
  /** Undefined while the list is loading (or could not be loaded). */
  value: number | undefined;
}

interface AdminPageHeaderProps {
  title: string;
  search: SearchState;
  /** The search box's accessible name and placeholder, e.g. "Search services". */
  searchLabel: string;
  counts: CountCard[];
  /** The screen's main action, e.g. an "Add Service" button. */
  action?: ReactNode;
  /** Further filters shown next to the search box. */
  filters?: ReactNode;
}

/**
 * The top of every back-office list screen: the title, the main action, the
 * count cards and a debounced search box.
 */
export function AdminPageHeader({ title, search, searchLabel, counts, action, filters }: AdminPageHeaderProps) {
  usePageTitle(title);
  return (
    <Stack gap="lg" mb="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{title}</Title>
        {action}
      </Group>
      <CountCards counts={counts} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          aria-label={searchLabel}
          placeholder={`${searchLabel}...`}
          value={search.input}
          onChange={(event) => search.setInput(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          maw={480}
        />
        {filters}
      </Group>
    </Stack>
  );
}

/** The count cards of the back office (list screens and the dashboard alike). */
export function CountCards({ counts }: { counts: CountCard[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(counts.length, 4) }} spacing="md">
      {counts.map((card) => (
        <CountCardView key={card.label} card={card} />
      ))}
    </SimpleGrid>
  );
}

function CountCardView({ card }: { card: CountCard }) {
  return (
    <Paper withBorder radius="lg" p="md" role="group" aria-label={card.label}>
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
  );
}
