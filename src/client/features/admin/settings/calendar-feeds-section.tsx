import { Alert, Button, Divider, Skeleton, Stack } from '@mantine/core';
import { Fragment } from 'react';
import { trpc } from '@/client/lib/trpc';
import { CalendarFeedAddress } from '@/client/features/admin/shared/calendar-feed-address';
import { SettingsCard } from './settings-card';

/**
 * Settings > Team, at the bottom (owner only): the private calendar feed address of the whole salon
 * and of each specialist (theirs also shows in their My day), each to copy or replace.
 */
export function CalendarFeedsSection() {
  const feeds = trpc.admin.calendarFeeds.list.useQuery();
  return (
    <SettingsCard
      title="Calendar feeds"
      description="Subscribe in Google Calendar, Apple Calendar or Outlook to see the whole salon's bookings, or one specialist's. Events name the service and the customer's first name (the salon's also the specialist), never a phone, e-mail or note. Anyone with an address can read it: New address stops the old one."
    >
      {feeds.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={56} radius="sm" />
          <Skeleton height={56} radius="sm" />
        </Stack>
      ) : feeds.isError ? (
        <Alert color="red" title="Failed to load the calendar feeds">
          <Stack gap="xs" align="flex-start">
            {feeds.error.message}
            <Button size="compact-sm" variant="light" onClick={() => void feeds.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md">
          {feeds.data.map((feed, index) => {
            const salon = feed.specialistId === null;
            return (
              <Fragment key={feed.scope}>
                {index > 0 && <Divider />}
                <CalendarFeedAddress
                  feed={feed}
                  label={salon ? 'Whole salon' : feed.name}
                  whose={salon ? 'the salon’s' : `${feed.name}’s`}
                />
              </Fragment>
            );
          })}
        </Stack>
      )}
    </SettingsCard>
  );
}
