import { Avatar, Button, Stack, Text } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { WEEKDAYS } from '@/shared/constants';
import type { SpecialistWeek } from '@/shared/schemas/schedules';
import type { Specialist } from '@/shared/schemas/specialists';
import { AdminPageHeader } from '@/client/components/admin/admin-page-header';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { RowActions } from '@/client/components/admin/row-actions';
import { matchesSearch, useSearch } from '@/client/components/admin/search';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { formatMomentSpan } from '@/shared/time-format';
import { weekLines } from './week-lines';
import { useDeleteSpecialist } from './api/specialists';
import { HoursModal } from './hours-modal';
import { ServiceTermsModal } from './service-terms-modal';
import { SpecialistFormModal } from './specialist-form';

const FETCH_FAILED = 'Failed to fetch specialists.';
const nowrap = { whiteSpace: 'nowrap' } as const;

export function SpecialistsPage() {
  const specialistsQuery = trpc.public.specialists.list.useQuery();
  useErrorToast(specialistsQuery.error, FETCH_FAILED, 'admin-specialists-fetch-error');
  const search = useSearch();
  const editor = useModalTarget<Specialist>();
  const deleting = useModalTarget<Specialist>();
  const hours = useModalTarget<Specialist>();
  const terms = useModalTarget<Specialist>();
  const remove = useDeleteSpecialist(deleting.close);
  const weeksQuery = trpc.admin.specialists.weeks.useQuery();
  const weekOf = useMemo(
    () => new Map((weeksQuery.data ?? []).map((week) => [week.specialist._id, week])),
    [weeksQuery.data],
  );
  // A specialist added, saved or deleted refreshes the weeks too (useInvalidateSpecialists).
  const utils = trpc.useUtils();

  const specialists = specialistsQuery.data;
  const shown = useMemo(
    () => specialists?.filter((specialist) => matchesSearch(search.query, specialist.name)),
    [specialists, search.query],
  );

  const columns: AdminColumn<Specialist>[] = [
    {
      header: 'Image',
      hideHeader: true,
      card: 'media',
      width: 64,
      cell: (specialist) => (
        <Avatar src={specialist.image.url} alt={specialist.name} name={specialist.name} radius="xl" />
      ),
    },
    {
      header: 'Name',
      card: 'title',
      cell: (specialist) => (
        <Text size="sm" fw={500}>
          {specialist.name}
        </Text>
      ),
    },
    {
      header: 'Contact',
      cell: (specialist) => (
        // Wide enough for an address on one line; a longer one breaks rather than widen a phone's card.
        <Stack gap={0} miw={170}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {specialist.email}
          </Text>
          <Text size="sm" c="dimmed" style={nowrap}>
            {specialist.phone}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Hours & time off',
      // Their real week (breaks and days of their own), the time off ahead, and the way to change both.
      cell: (specialist) => (
        <Stack gap={6} align="flex-start">
          <WeekSummary specialist={specialist} week={weekOf.get(specialist._id)} />
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => hours.open(specialist)}
            aria-label={`Edit hours & time off of ${specialist.name}`}
          >
            Edit hours
          </Button>
        </Stack>
      ),
    },
    {
      header: 'Expertise',
      cell: (specialist) =>
        specialist.expertise.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Stack gap={6} align="flex-start">
            <Text size="sm" miw={140}>
              {specialist.expertise.map((service) => service.name).join(', ')}
            </Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => terms.open(specialist)}
              aria-label={`Edit prices & lengths of ${specialist.name}`}
            >
              Prices & lengths
            </Button>
          </Stack>
        ),
    },
    {
      header: 'Actions',
      card: 'actions',
      width: 120,
      cell: (specialist) => (
        <RowActions
          name={specialist.name}
          onEdit={() => editor.open(specialist)}
          onDelete={() => deleting.open(specialist)}
        />
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Specialists"
        search={search}
        searchLabel="Search specialists"
        counts={[{ label: 'Total Specialists', value: specialists?.length }]}
        action={<Button onClick={() => editor.open()}>Add Specialist</Button>}
      />
      <AdminTable
        label="Specialists"
        columns={columns}
        items={shown}
        getKey={(specialist) => specialist._id}
        loading={specialistsQuery.isPending}
        error={specialistsQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void specialistsQuery.refetch()}
        emptyText="No specialists found"
        minWidth={860}
      />
      <SpecialistFormModal target={editor} />
      <HoursModal
        target={hours}
        // Hours and time off are saved inside the modal: the summaries follow once it closes.
        onClosed={() => void utils.admin.specialists.weeks.invalidate()}
      />
      <ServiceTermsModal target={terms} />
      <ConfirmDeleteModal
        opened={deleting.opened}
        onClose={deleting.close}
        title="Delete specialist"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting.item) remove.mutate({ id: deleting.item._id });
        }}
      >
        Delete <b>{deleting.item?.name}</b>? They can no longer be booked. Their past bookings stay.
      </ConfirmDeleteModal>
    </>
  );
}

/** Their standard range on their days: what the list says before (or without) their week. */
const standardWeek = (specialist: Specialist) =>
  WEEKDAYS.map((day) => ({
    day,
    ranges: specialist.availableDays.includes(day)
      ? [{ from: specialist.availableFrom, to: specialist.availableTo }]
      : [],
  }));

/** A specialist's week in lines (`Tue–Fri 9:00 AM – 1:00 PM, 2:00 PM – 6:00 PM`) and their next time off. */
function WeekSummary({ specialist, week }: { specialist: Specialist; week: SpecialistWeek | undefined }) {
  const lines = weekLines(week?.days ?? standardWeek(specialist));
  return (
    <Stack gap={2} miw={190}>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No working days
        </Text>
      ) : (
        lines.map((line) => (
          <Text key={line.days} size="sm">
            <Text span inherit fw={500} style={nowrap}>
              {line.days}
            </Text>{' '}
            {line.ranges.map((range, index) => (
              // Each range stays whole; the line may wrap after the comma between two (a break).
              <Fragment key={range}>
                {index > 0 ? ', ' : null}
                <Text span inherit style={nowrap}>
                  {range}
                </Text>
              </Fragment>
            ))}
          </Text>
        ))
      )}
      {week?.timeOff.map((entry) => (
        <Text key={entry._id} size="xs" c="red.9" title={entry.reason ?? undefined}>
          Off {formatMomentSpan(entry.startsAt, entry.endsAt)}
        </Text>
      ))}
      {week && week.moreTimeOff > 0 ? (
        <Text size="xs" c="dimmed">
          and {week.moreTimeOff} more time off
        </Text>
      ) : null}
    </Stack>
  );
}
