import { Badge, Box, Button, Chip, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGE_STATUS_LOOK, type MessageKind, type MessageStatus, type MessageView } from '@/shared/schemas/messages';
import { AdminPager } from '@/client/components/admin/admin-pager';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { useResend } from './api/messages';
import { SettingsCard } from './settings-card';
import { formatDateTime } from '@/client/features/admin/shared/admin-format';

const FETCH_FAILED = 'Failed to load messages';
const PAGE_SIZE = 20;
/** The outbox changes on its own (deliveries, retries): the open tab follows it. */
const REFRESH_MS = 10_000;
/** An error longer than this is clamped to two lines, with the whole text a click away. */
const SHORT_ERROR = 80;
/** Room for the error beside the other columns in Settings' width, so it is not squeezed to a sliver. */
const ERROR_WIDTH = { min: 160, max: 240 };

/** What the salon would call each message; the mail kinds follow their subjects. */
const KIND_LABELS: Record<MessageKind, string> = {
  'signup-code': 'Sign-up code',
  'account-exists': 'Account exists',
  'email-change-code': 'E-mail change code',
  'email-changed': 'E-mail changed',
  'password-reset': 'Password reset',
  'staff-invite': 'Staff invitation',
  'booking-created': 'Booking received',
  'booking-confirmed': 'Booking confirmed',
  'booking-rescheduled': 'Booking moved',
  'booking-cancelled': 'Booking cancelled',
  reminder: 'Reminder',
  'review-request': 'Review request',
  'salon-notice': 'Salon notice',
  'waitlist-offer': 'Waitlist offer',
  'rebook-nudge': 'Nudge to rebook',
  receipt: 'Receipt',
  'gift-voucher': 'Gift voucher',
  webhook: 'Webhook',
};

type StatusFilter = 'all' | Exclude<MessageStatus, 'sending'>;
const FILTERS: StatusFilter[] = ['all', 'pending', 'sent', 'failed', 'cancelled'];
const isFilter = (value: string): value is StatusFilter => (FILTERS as string[]).includes(value);

/**
 * Settings > Messages: the outbox every e-mail and webhook goes through, newest first, with what
 * became of each; a failed one can be sent again.
 */
export function MessagesSection() {
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const listQuery = trpc.admin.messages.list.useQuery(
    { page, limit: PAGE_SIZE, status: filter === 'all' ? undefined : filter },
    { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS },
  );
  useErrorToast(listQuery.error, FETCH_FAILED, 'admin-messages-fetch-error');
  const resend = useResend();
  const data = listQuery.data;
  const totalPages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  // The list shrinks on its own (old messages go, a resent one leaves "Failed"): stay on a page that exists.
  if (data && !listQuery.isPlaceholderData && page > totalPages) setPage(totalPages);

  const counts = data?.counts;
  const countOf = (value: StatusFilter) => {
    if (!counts) return undefined;
    return value === 'all' ? Object.values(counts).reduce((sum, n) => sum + n, 0) : counts[value];
  };

  const columns: AdminColumn<MessageView>[] = [
    {
      header: 'Kind',
      card: 'title',
      cell: (message) => (
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {KIND_LABELS[message.kind]}
        </Text>
      ),
    },
    {
      header: 'Recipient',
      cell: (message) => (
        // One line each: a webhook's long URL is cut short, whole on hover and to screen readers.
        <Text size="sm" maw={170} truncate="end" title={message.recipient}>
          {message.recipient}
        </Text>
      ),
    },
    {
      header: 'Status',
      card: 'status',
      // A failed message's Resend sits under its badge: a column of its own would be empty on most rows.
      cell: (message) => (
        <Stack gap={6} align="flex-start">
          <Badge color={MESSAGE_STATUS_LOOK[message.status].color} variant="light" miw="max-content">
            {MESSAGE_STATUS_LOOK[message.status].label}
          </Badge>
          {message.resendable ? (
            <Button
              size="compact-xs"
              variant="light"
              aria-label={`Resend ${KIND_LABELS[message.kind]} to ${message.recipient}`}
              loading={resend.isPending && resend.variables.id === message._id}
              onClick={() => resend.mutate({ id: message._id })}
            >
              Resend
            </Button>
          ) : null}
        </Stack>
      ),
    },
    { header: 'Attempts', width: 80, cell: (message) => message.attempts },
    { header: 'Last error', cell: (message) => <LastError message={message} /> },
    { header: 'When', cell: (message) => <When message={message} /> },
  ];

  return (
    <Stack gap="lg">
      <SettingsCard
        title="Messages"
        description="Every e-mail and webhook the salon sends goes through here. One that fails is retried automatically, and each is kept for 90 days."
      >
        <Chip.Group
          value={filter}
          onChange={(value) => {
            if (!isFilter(value)) return;
            setFilter(value);
            setPage(1);
          }}
        >
          <Group gap="xs" role="radiogroup" aria-label="Status">
            {FILTERS.map((value) => (
              <Chip key={value} value={value} size="sm" variant="outline">
                {value === 'all' ? 'All' : MESSAGE_STATUS_LOOK[value].label}
                {countOf(value) === undefined ? null : (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {countOf(value)}
                  </Text>
                )}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </SettingsCard>
      {/* Dimmed while another filter's or page's rows are on their way. */}
      <Box style={{ opacity: listQuery.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
        <AdminTable
          label="Messages"
          columns={columns}
          items={data?.messages}
          getKey={(message) => message._id}
          loading={listQuery.isPending}
          // A failed refresh keeps the rows already shown (its toast says what went wrong).
          error={data ? null : listQuery.error}
          errorFallback={FETCH_FAILED}
          onRetry={() => void listQuery.refetch()}
          emptyText={
            filter === 'all'
              ? 'No messages yet. E-mails and webhooks appear here as the salon sends them.'
              : `No ${MESSAGE_STATUS_LOOK[filter].label.toLowerCase()} messages.`
          }
          minWidth={740}
        />
      </Box>
      <AdminPager total={data?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} noun="message" compact />
    </Stack>
  );
}

/** Created, then sent, or due for a message still waiting (a reminder's time, the next retry). */
function When({ message }: { message: MessageView }) {
  let then: string | null = null;
  if (message.sentAt) then = `sent ${formatDateTime(message.sentAt)}`;
  else if (message.status === 'pending' || message.status === 'sending') then = `due ${formatDateTime(message.dueAt)}`;
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <Text size="sm">{formatDateTime(message.createdAt)}</Text>
      {then ? (
        <Text size="xs" c="dimmed">
          {then}
        </Text>
      ) : null}
    </div>
  );
}

/** A webhook's HTTP code, when it says the delivery failed (a 2xx is a success, not an error). */
const failedCode = (code: number | null): number | null => (code !== null && (code < 200 || code > 299) ? code : null);

/** The last failure: a webhook's HTTP code, and the error, clamped when long with the rest on demand. */
function LastError({ message }: { message: MessageView }) {
  const [expanded, setExpanded] = useState(false);
  const { lastError } = message;
  // A delivered webhook keeps its 200: that is no error. The code is shown beside an error it came with.
  const lastCode = lastError === null ? failedCode(message.lastCode) : message.lastCode;
  // Nothing went wrong: the cell stays empty (and a phone's card leaves the line out).
  if (lastError === null && lastCode === null) return null;
  const code =
    lastCode === null ? null : (
      <Badge variant="outline" color="gray" size="sm" radius="sm" mr={6} style={{ verticalAlign: 'text-bottom' }}>
        HTTP {lastCode}
      </Badge>
    );
  if (lastError === null || lastError.length <= SHORT_ERROR) {
    return (
      <Text size="sm" miw={ERROR_WIDTH.min} maw={ERROR_WIDTH.max} style={{ overflowWrap: 'anywhere' }}>
        {code}
        {lastError}
      </Text>
    );
  }
  return (
    <Tooltip label={lastError} multiline w={320} disabled={expanded} openDelay={300} withinPortal>
      <UnstyledButton
        onClick={() => setExpanded((open) => !open)}
        aria-expanded={expanded}
        miw={ERROR_WIDTH.min}
        maw={ERROR_WIDTH.max}
        style={{ textAlign: 'start' }}
      >
        {/* Clamping needs Mantine's own display (-webkit-box): a block only once expanded. */}
        <Text
          component="span"
          display={expanded ? 'block' : undefined}
          size="sm"
          lineClamp={expanded ? undefined : 2}
          style={{ overflowWrap: 'anywhere' }}
        >
          {code}
          {lastError}
        </Text>
        <Text component="span" display="block" size="xs" c="blue">
          {expanded ? 'Show less' : 'Show all'}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );
}
