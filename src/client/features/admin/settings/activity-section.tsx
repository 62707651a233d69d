import { Badge, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ACTIVITY_ACTORS,
  ACTIVITY_ENTITIES,
  ACTIVITY_KEEP_DAYS,
  ACTIVITY_PAGE_SIZE,
  type ActivityEntity,
} from '@/shared/constants';
import type { ActivityEntry } from '@/shared/schemas/activity';
import { AdminPager } from '@/client/components/admin/admin-pager';
import { DateField } from '@/client/components/forms/date-field';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { formatDateTime } from '@/client/features/admin/shared/admin-format';
import {
  ACTOR_LABELS,
  ENTITY_LABELS,
  ENTITY_NAMES,
  actionText,
  actorText,
} from '@/client/features/admin/shared/activity-format';
import { SettingsCard } from './settings-card';

const FETCH_FAILED = 'Failed to load the activity';
const ANY = 'all';

const isActivityEntity = (value: string): value is ActivityEntity =>
  (ACTIVITY_ENTITIES as readonly string[]).includes(value);

const ENTITY_OPTIONS = [
  { value: ANY, label: 'Everything' },
  ...ACTIVITY_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_LABELS[entity] })),
];
const ACTOR_OPTIONS = [
  { value: ANY, label: 'Anyone' },
  ...ACTIVITY_ACTORS.map((actor) => ({ value: actor, label: ACTOR_LABELS[actor] })),
];

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" size="sm">
            {ENTITY_NAMES[entry.entity]}
          </Badge>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {actionText(entry)}
            {entry.entityLabel ? ` · ${entry.entityLabel}` : ''}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(entry.at)}
        </Text>
      </Group>
      {entry.detail && (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {entry.detail}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        By {actorText(entry)}
      </Text>
    </Paper>
  );
}

/**
 * Settings > Activity (owner and manager): who changed what in the salon, newest first, filtered by
 * day, by who and by kind; kept two years.
 */
export function ActivitySection() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [actor, setActor] = useState(ANY);
  const [entity, setEntity] = useState(ANY);
  const [page, setPage] = useState(1);
  const query = trpc.admin.activity.list.useQuery(
    {
      from: from || undefined,
      to: to || undefined,
      actor: actor === ANY ? undefined : actor,
      entity: isActivityEntity(entity) ? entity : undefined,
      page,
      limit: ACTIVITY_PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  useErrorToast(query.error, FETCH_FAILED, 'admin-activity-fetch-error');
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const items = query.data?.items;

  return (
    <SettingsCard
      title="Activity"
      description={`Who made, moved and cancelled bookings and changed the salon's set-up, newest first. Kept for ${String(
        ACTIVITY_KEEP_DAYS / 365,
      )} years.`}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <DateField label="From" value={from} onChange={filter(setFrom)} clearable maxDate={to || undefined} />
          <DateField label="To" value={to} onChange={filter(setTo)} clearable minDate={from || undefined} />
          <Select
            label="Who"
            data={ACTOR_OPTIONS}
            value={actor}
            onChange={(value) => filter(setActor)(value ?? ANY)}
            allowDeselect={false}
          />
          <Select
            label="What"
            data={ENTITY_OPTIONS}
            value={entity}
            onChange={(value) => filter(setEntity)(value ?? ANY)}
            allowDeselect={false}
          />
        </SimpleGrid>
        {items === undefined ? (
          query.error ? (
            <Text c="red" size="sm">
              {FETCH_FAILED}
            </Text>
          ) : (
            <Stack gap="xs">
              <Skeleton h={64} />
              <Skeleton h={64} />
            </Stack>
          )
        ) : items.length === 0 ? (
          <Text c="dimmed" size="sm">
            No changes match.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" aria-label="Activity" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((entry) => (
              <ActivityRow key={entry._id} entry={entry} />
            ))}
          </Stack>
        )}
        <AdminPager
          total={query.data?.total ?? 0}
          pageSize={ACTIVITY_PAGE_SIZE}
          page={page}
          onChange={setPage}
          noun="change"
          compact
        />
      </Stack>
    </SettingsCard>
  );
}
