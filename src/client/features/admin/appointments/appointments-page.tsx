import { Button, Group, Menu, Modal, Select, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BOOKINGS_PAGE_SIZE } from '@/shared/constants';
import type { AdminBooking } from '@/shared/schemas/bookings';
import type { SeriesScope } from '@/shared/schemas/visits';
import { AdminPageHeader } from '@/client/components/admin/admin-page-header';
import { AdminPager } from '@/client/components/admin/admin-pager';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { DateField } from '@/client/components/forms/date-field';
import { SeriesScopeRadios } from '@/client/components/forms/series-scope-radios';
import { RowActions } from '@/client/components/admin/row-actions';
import { useSearch } from '@/client/components/admin/search';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { trpc } from '@/client/lib/trpc';
import { BOOKING_COLUMNS, bookingName, calendarPathOf } from '@/client/features/admin/shared/booking-columns';
import { STATUS_OPTIONS } from '@/client/features/admin/shared/booking-status';
import { StatusSelect, type StatusChange } from '@/client/features/admin/shared/status-select';
import {
  checkoutTargetOf,
  LazyCheckoutModal,
  tillButtonLabel,
  type CheckoutTarget,
} from '@/client/features/admin/shared/checkout/checkout-button';

const FETCH_FAILED = 'An error occurred';

/** "Check out" the booking's visit, or once paid "Receipt N"; none for a cancelled booking. */
function TillButton({ booking, onClick }: { booking: AdminBooking; onClick: () => void }) {
  const label = tillButtonLabel(booking);
  if (label === null) return null;
  return (
    <Button
      size="compact-sm"
      variant={booking.sale ? 'subtle' : 'light'}
      aria-label={`${label}${booking.sale ? ',' : ''} ${bookingName(booking)}`}
      onClick={onClick}
      style={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}

const STATUS_FILTERS = [{ value: 'all', label: 'All Status' }, ...STATUS_OPTIONS];

/**
 * The appointments screen: the server searches, filters and pages, so it stays quick with tens of
 * thousands of bookings. Load, status and delete errors are only logged (no toast); a row changes
 * once the server has taken the change.
 */
export function AppointmentsPage() {
  const search = useSearch();
  const [status, setStatus] = useState('all');
  const [date, setDate] = useState('');
  const [page, setPage] = useState(1);
  // A new search or filter starts again from the first page.
  const [filterKey, setFilterKey] = useState(`${search.query}|${status}|${date}`);
  const currentKey = `${search.query}|${status}|${date}`;
  if (filterKey !== currentKey) {
    setFilterKey(currentKey);
    setPage(1);
  }

  const listQuery = trpc.admin.bookings.list.useQuery(
    { search: search.query, status, date, page, pageSize: BOOKINGS_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  useEffect(() => {
    if (listQuery.error) console.error('Failed to load appointments', listQuery.error);
  }, [listQuery.error]);

  const deleting = useModalTarget<AdminBooking>();
  const [checkingOut, setCheckingOut] = useState<CheckoutTarget | null>(null);
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.admin.bookings.list.invalidate();
    void utils.admin.stats.invalidate();
    // The calendar and the dashboard's "needs attention" show statuses too.
    void utils.admin.calendar.invalidate();
  };
  const updateStatus = trpc.admin.bookings.updateStatus.useMutation({
    onSuccess: refresh,
    onError: (error) => console.error('Failed to update the appointment status', error),
  });
  // Cancelling an occurrence of a standing appointment asks first: this one, or the following too.
  const cancelling = useModalTarget<{ booking: AdminBooking; change: StatusChange }>();
  const [scope, setScope] = useState<SeriesScope>('one');
  const updateVisitStatus = trpc.admin.visits.updateStatus.useMutation({
    onSuccess: () => {
      refresh();
      cancelling.close();
    },
    onError: (error) => console.error('Failed to cancel the appointments', error),
  });
  const changeStatus = (booking: AdminBooking, change: StatusChange) => {
    if (change.status === 'cancelled' && booking.seriesId && booking.visitId) {
      setScope('one');
      cancelling.open({ booking, change });
    } else updateStatus.mutate({ id: booking._id, ...change });
  };
  const cancelChosen = () => {
    const target = cancelling.item;
    if (!target) return;
    const { booking, change } = target;
    if (scope === 'following' && booking.visitId)
      updateVisitStatus.mutate({ id: booking.visitId, ...change, scope: 'following' });
    else {
      updateStatus.mutate({ id: booking._id, ...change });
      cancelling.close();
    }
  };
  const remove = trpc.admin.bookings.delete.useMutation({
    onSuccess: () => {
      refresh();
      deleting.close();
    },
    onError: (error) => {
      console.error('Failed to delete the appointment', error);
      deleting.close();
    },
  });

  const data = listQuery.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // After a delete empties the last page, show the page before it.
  if (data && page > totalPages) setPage(totalPages);

  const columns: AdminColumn<AdminBooking>[] = [
    ...BOOKING_COLUMNS,
    {
      header: 'Status',
      card: 'status',
      cell: (booking) => (
        <StatusSelect
          booking={booking}
          pending={updateStatus.isPending && updateStatus.variables.id === booking._id}
          onChange={(change) => changeStatus(booking, change)}
        />
      ),
    },
    {
      header: 'Actions',
      card: 'actions',
      width: 160,
      cell: (booking) => (
        <RowActions
          name={`the appointment of ${bookingName(booking)}`}
          onDelete={() => deleting.open(booking)}
          menuItems={
            <Menu.Item component={Link} to={calendarPathOf(booking)}>
              Open in calendar
            </Menu.Item>
          }
        >
          {/* The visit's sale, at the desk; once paid, its receipt. */}
          <TillButton booking={booking} onClick={() => setCheckingOut(checkoutTargetOf(booking))} />
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Appointments"
        search={search}
        searchLabel="Search appointments"
        counts={[
          { label: 'Total', value: data?.counts.total },
          { label: 'Confirmed', value: data?.counts.confirmed },
          { label: 'Pending', value: data?.counts.pending },
          { label: 'Cancelled', value: data?.counts.cancelled },
        ]}
        filters={
          <>
            <Select
              aria-label="Status"
              data={STATUS_FILTERS}
              value={status}
              onChange={(value) => setStatus(value ?? 'all')}
              allowDeselect={false}
              w={160}
            />
            <DateField aria-label="Date" value={date} onChange={setDate} clearable w={170} />
          </>
        }
      />
      <AdminTable
        label="Appointments"
        columns={columns}
        items={data?.bookings}
        getKey={(booking) => booking._id}
        loading={listQuery.isPending}
        error={listQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void listQuery.refetch()}
        emptyText="No appointments found"
        minWidth={900}
      />
      <AdminPager
        total={data?.total ?? 0}
        pageSize={data?.pageSize ?? BOOKINGS_PAGE_SIZE}
        page={page}
        onChange={setPage}
        noun="appointment"
        mt="md"
      />
      <Modal
        opened={cancelling.opened}
        onClose={cancelling.close}
        title="Cancel a repeating appointment"
        centered
        size="sm"
      >
        <Stack gap="lg">
          <SeriesScopeRadios value={scope} onChange={setScope} action="cancel" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancelling.close} disabled={updateVisitStatus.isPending}>
              Keep them
            </Button>
            <Button color="red" onClick={cancelChosen} loading={updateVisitStatus.isPending} data-autofocus>
              {scope === 'following' ? 'Cancel this and the following' : 'Cancel this appointment'}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <LazyCheckoutModal target={checkingOut} onClose={() => setCheckingOut(null)} />
      <ConfirmDeleteModal
        opened={deleting.opened}
        onClose={deleting.close}
        title="Delete appointment"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting.item) remove.mutate({ id: deleting.item._id });
        }}
      >
        Delete the appointment of <b>{deleting.item ? bookingName(deleting.item) : ''}</b> for{' '}
        {deleting.item?.service.name}? This cannot be undone.
      </ConfirmDeleteModal>
    </>
  );
}
