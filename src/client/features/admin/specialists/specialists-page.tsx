import { Avatar, Button, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { weekdayShort } from '@/shared/constants';
import type { Specialist } from '@/shared/schemas/specialists';
import { AdminPageHeader } from '@/client/components/admin/admin-page-header';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { RowActions } from '@/client/components/admin/row-actions';
import { matchesSearch, useSearch } from '@/client/components/admin/search';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { formatClock } from '@/client/features/admin/shared/admin-format';
import { useDeleteSpecialist } from './api/specialists';
import { HoursModal } from './hours-modal';
import { ServiceTermsModal } from './service-terms-modal';
import { SpecialistFormModal } from './specialist-form';

const FETCH_FAILED = 'Failed to fetch specialists.';

export function SpecialistsPage() {
  const specialistsQuery = trpc.public.specialists.list.useQuery();
  useErrorToast(specialistsQuery.error, FETCH_FAILED, 'admin-specialists-fetch-error');
  const search = useSearch();
  const editor = useModalTarget<Specialist>();
  const deleting = useModalTarget<Specialist>();
  const hours = useModalTarget<Specialist>();
  const terms = useModalTarget<Specialist>();
  const remove = useDeleteSpecialist(deleting.close);

  const specialists = specialistsQuery.data;
  const shown = useMemo(
    () => specialists?.filter((specialist) => matchesSearch(search.query, specialist.name)),
    [specialists, search.query],
  );

  const columns: AdminColumn<Specialist>[] = [
    {
      header: 'Image',
      hideHeader: true,
      width: 64,
      cell: (specialist) => (
        <Avatar src={specialist.image.url} alt={specialist.name} name={specialist.name} radius="xl" />
      ),
    },
    {
      header: 'Name',
      cell: (specialist) => (
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {specialist.name}
        </Text>
      ),
    },
    { header: 'Phone', cell: (specialist) => specialist.phone },
    { header: 'Email', cell: (specialist) => specialist.email },
    {
      header: 'Days',
      cell: (specialist) => (
        <Text size="sm" miw={110} maw={130}>
          {specialist.availableDays.map(weekdayShort).join(', ')}
        </Text>
      ),
    },
    {
      header: 'Hours',
      // Each time stays whole; the range may break after the dash. Under it, the way to the
      // weekly hours with breaks and the time off (the standard range is what days without their own get).
      cell: (specialist) => (
        <Stack gap={6} align="flex-start">
          <Text size="sm">
            <Text span inherit style={{ whiteSpace: 'nowrap' }}>
              {formatClock(specialist.availableFrom)} –
            </Text>{' '}
            <Text span inherit style={{ whiteSpace: 'nowrap' }}>
              {formatClock(specialist.availableTo)}
            </Text>
          </Text>
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
            <Text size="sm" miw={160}>
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
      width: 160,
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
        minWidth={900}
      />
      <SpecialistFormModal target={editor} />
      <HoursModal target={hours} />
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
