import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Flex,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReplicationStatus } from '@/shared/schemas/backups';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { SettingsCard } from './settings-card';
import { formatAgo, formatDateTime, formatElapsed } from '@/client/features/admin/shared/admin-format';

const FETCH_FAILED = 'Failed to load the backup status';
/** The copy moves on its own: the open section follows it. */
const REFRESH_MS = 5_000;
const RESTORE_COMMAND = 'npm run restore -- --from <REPLICA_URL> --to <empty folder>';

type State = ReplicationStatus['state'];

/** Each state's badge, and what it means in a sentence beside it. */
const STATE_LOOK: Record<State, { label: string; color: string; meaning: string }> = {
  off: { label: 'Off', color: 'gray', meaning: 'Nothing is copied off this box.' },
  starting: { label: 'Starting', color: 'gray', meaning: 'The copy is starting up.' },
  running: { label: 'Replicating', color: 'green', meaning: 'Every change is copied off this box within seconds.' },
  behind: { label: 'Behind', color: 'orange', meaning: 'The copy is catching up.' },
  down: { label: 'Not running', color: 'red', meaning: 'The copy has stopped.' },
};

/**
 * Settings > Backups (owner only): whether the salon's database and pictures are streamed off the
 * box (REPLICA_URL) and how far behind the copy is, refreshed while open; restoring is a
 * command-line step, shown with its command (docs/operations.md, "Backups and restore").
 */
export function BackupsSection() {
  const statusQuery = trpc.admin.backups.status.useQuery(undefined, { refetchInterval: REFRESH_MS });
  const { data, error, dataUpdatedAt } = statusQuery;

  let body: ReactNode;
  if (data) {
    body = (
      <Stack gap="md">
        {data.state === 'off' ? <ReplicationOff /> : <ReplicationOn status={data} now={dataUpdatedAt} />}
        {error ? (
          <Text size="xs" c="red.8">
            Could not refresh, trying again: {errorMessage(error, FETCH_FAILED)}
          </Text>
        ) : null}
      </Stack>
    );
  } else if (error) {
    body = (
      <Alert color="red" title={FETCH_FAILED}>
        <Stack gap="xs" align="flex-start">
          {errorMessage(error, FETCH_FAILED)}
          <Button size="compact-sm" variant="light" onClick={() => void statusQuery.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm" aria-busy>
        <Skeleton height={24} width="50%" radius="sm" />
        <Skeleton height={72} radius="sm" />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <SettingsCard
        title="Backups"
        description="A continuous copy of the salon's database and pictures, kept off this box, so a failed disk or a lost server does not take the bookings, customers and pictures with it."
      >
        {body}
      </SettingsCard>
      <RestoreCard />
    </Stack>
  );
}

function StateLine({ state }: { state: State }) {
  const look = STATE_LOOK[state];
  return (
    <Group gap="sm" wrap="nowrap">
      <Badge size="lg" variant="light" color={look.color} style={{ flexShrink: 0 }}>
        {look.label}
      </Badge>
      <Text fw={500}>{look.meaning}</Text>
    </Group>
  );
}

function ReplicationOff() {
  return (
    <Stack gap="md">
      <StateLine state="off" />
      <Text size="sm">
        The database and the pictures are only on this server&apos;s disk. If the disk fails or the server is lost, the
        salon&apos;s bookings, customers and pictures are lost with it.
      </Text>
      <Paper bg="gray.0" radius="md" p="md">
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            To turn it on
          </Text>
          <Text size="sm">
            Whoever runs the app sets <Code>REPLICA_URL</Code> to where the copy should go, and restarts it:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>
              a folder on another disk, e.g. <Code>/mnt/backup/salon</Code>
            </List.Item>
            <List.Item>
              a bucket: <Code>s3://bucket/path</Code>
            </List.Item>
            <List.Item>
              another server over SFTP: <Code>sftp://user@host/path</Code>
            </List.Item>
          </List>
          <Text size="sm">From then on every change is copied within seconds, and this page shows how it goes.</Text>
        </Stack>
      </Paper>
      <Text size="sm" c="dimmed">
        For a one-off copy of the database now: <Code>npm run db:backup -- FILE</Code> on the server.
      </Text>
    </Stack>
  );
}

function ReplicationOn({ status, now }: { status: ReplicationStatus; now: number }) {
  const late = status.state === 'behind' || status.state === 'down';
  return (
    <Stack gap="md">
      <StateLine state={status.state} />
      {late ? <LateAlert status={status} /> : null}
      <Box>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Copied to
        </Text>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {status.target ?? '—'}
        </Text>
      </Box>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="sm" m={0}>
        <Figure label="Last caught up">
          {status.caughtUpAt ? (
            <>
              <time dateTime={status.caughtUpAt} title={status.caughtUpAt}>
                {formatAgo(status.caughtUpAt, now)}
              </time>
              <Text span display="block" size="xs" c="dimmed" fw={400}>
                {formatDateTime(status.caughtUpAt)}
              </Text>
            </>
          ) : (
            'Not yet'
          )}
        </Figure>
        <Figure label="Behind by">
          {status.behindSeconds === null ? 'Not known yet' : formatElapsed(status.behindSeconds)}
        </Figure>
        <Figure label="Pictures waiting">{status.picturesWaiting}</Figure>
      </SimpleGrid>
      {status.problem && !late ? (
        <Text size="sm" c="dimmed">
          Last problem: {status.problem}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * One figure of the copy: its name above its value on a desk; side by side, one row each, on a
 * phone. The bordered box is the `dl`'s own `div`, so the term and value stay its direct children.
 */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex
      direction={{ base: 'row', xs: 'column' }}
      justify={{ base: 'space-between', xs: 'flex-start' }}
      align={{ base: 'baseline', xs: 'flex-start' }}
      gap={{ base: 'sm', xs: 2 }}
      px="md"
      py="sm"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0} size="lg" fw={600} ta={{ base: 'end', xs: 'start' }}>
        {children}
      </Text>
    </Flex>
  );
}

/** Behind is more than REPLICATION_WARN_SECONDS (a minute) behind; down, the replicator not running. */
function LateAlert({ status }: { status: ReplicationStatus }) {
  const down = status.state === 'down';
  return (
    <Alert
      color={down ? 'red' : 'orange'}
      variant="light"
      title={down ? 'The copy is not running' : 'The copy is more than a minute behind'}
    >
      <Stack gap={6}>
        <Text size="sm">
          The salon keeps working as usual, but the last changes are not yet off this box.{' '}
          {down
            ? 'The server restarts the copy on its own; if this stays, tell whoever runs the app.'
            : 'It catches up on its own once the place it copies to answers again.'}
        </Text>
        {status.problem ? (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            Problem: {status.problem}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}

function RestoreCard() {
  return (
    <SettingsCard
      title="Restoring"
      description="Getting the salon back from the copy is a step on the server's command line, into an empty folder: the live data is not touched."
    >
      <Flex direction={{ base: 'column', sm: 'row' }} gap="xs" align={{ base: 'stretch', sm: 'center' }}>
        <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {RESTORE_COMMAND}
        </Code>
        <CopyButton value={RESTORE_COMMAND}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              onClick={copy}
              style={{ flexShrink: 0 }}
              aria-label={copied ? 'Copied the restore command' : 'Copy the restore command'}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Flex>
      <Text size="sm">
        Add <Code>--at 2026-11-25T16:00:00Z</Code> to get the salon back as it was at that moment (UTC). Step by step,
        and how to start the salon on the restored folder: docs/operations.md, &ldquo;Backups and restore&rdquo;.
      </Text>
    </SettingsCard>
  );
}
