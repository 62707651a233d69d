import { Button, CopyButton, Flex, Group, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { CalendarFeed } from '@/shared/schemas/calendar-feeds';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { useRegenerateCalendarFeed } from './api/calendar-feeds';

/** The buttons share the row under the address on a phone, and keep their own width beside it. */
const FILL_ON_PHONE = { flex: '1 0 auto' };

/**
 * One calendar feed's private address: read-only, to copy into a calendar app, and a new address
 * on request, after a confirmation (the old one stops working). Stacks on a phone. `whose` names
 * the feed in the buttons' accessible names: `your`, `Maya Chen's`, `the salon's`.
 */
export function CalendarFeedAddress({ feed, label, whose }: { feed: CalendarFeed; label: string; whose: string }) {
  const [confirming, confirm] = useDisclosure(false);
  const regenerate = useRegenerateCalendarFeed(confirm.close);
  return (
    <>
      <Flex direction={{ base: 'column', sm: 'row' }} gap="xs" align={{ base: 'stretch', sm: 'flex-end' }}>
        <TextInput
          label={label}
          value={feed.url}
          readOnly
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <CopyButton value={feed.url}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'green' : undefined}
                onClick={copy}
                style={FILL_ON_PHONE}
                aria-label={`${copied ? 'Copied' : 'Copy'} ${whose} calendar feed address`}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="light"
            color="red"
            onClick={confirm.open}
            style={FILL_ON_PHONE}
            aria-label={`New address for ${whose} calendar feed`}
          >
            New address
          </Button>
        </Group>
      </Flex>
      <ConfirmDeleteModal
        opened={confirming}
        onClose={confirm.close}
        onConfirm={() => regenerate.mutate({ specialistId: feed.specialistId })}
        title="New calendar feed address"
        loading={regenerate.isPending}
        confirmLabel="Make a new address"
      >
        The old address stops working. Calendar apps subscribed to it need the new one.
      </ConfirmDeleteModal>
    </>
  );
}
