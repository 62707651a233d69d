import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CUSTOMERS_PAGE_SIZE, PHONE_DISPLAY_PREFIX } from '@/shared/constants';
import type { CustomerSummary } from '@/shared/schemas/customers';
import { formatDay } from '@/shared/time-format';
import { AdminPageHeader } from '@/client/components/admin/admin-page-header';
import { AdminPager } from '@/client/components/admin/admin-pager';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { useSearch } from '@/client/components/admin/search';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { PersonAvatar } from '@/client/components/person-avatar';
import { formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { customerPath } from '@/client/features/admin/shared/customer-path';

const FETCH_FAILED = 'The customers could not be loaded.';
const nowrap = { whiteSpace: 'nowrap' } as const;

const COLUMNS: AdminColumn<CustomerSummary>[] = [
  {
    header: 'Name',
    card: 'title',
    cell: (customer) => (
      <Group gap="sm" wrap="nowrap">
        <PersonAvatar person={customer} size="sm" />
        <Stack gap={0}>
          <Anchor component={Link} to={customerPath(customer._id)} size="sm" fw={600} style={nowrap}>
            {customer.fullName}
          </Anchor>
          {!customer.signedUp && (
            <Badge size="xs" variant="light" color="gray" w="max-content">
              Booked by the salon
            </Badge>
          )}
        </Stack>
      </Group>
    ),
  },
  {
    header: 'Email',
    cell: (customer) =>
      customer.email || (
        <Text span c="dimmed" size="sm">
          —
        </Text>
      ),
  },
  {
    header: 'Phone',
    cell: (customer) => (
      <span style={nowrap}>{customer.phone ? `${PHONE_DISPLAY_PREFIX} ${customer.phone}` : '—'}</span>
    ),
  },
  { header: 'Bookings', cell: (customer) => customer.bookings },
  {
    header: 'Last visit',
    cell: (customer) => <span style={nowrap}>{customer.lastVisit ? formatDay(customer.lastVisit) : '—'}</span>,
  },
  {
    header: 'Total spent',
    // Null for a role that does not see the takings.
    cell: (customer) => (
      <span style={nowrap}>{customer.totalSpent === null ? '—' : formatPrice(customer.totalSpent)}</span>
    ),
  },
  {
    header: 'No-shows',
    cell: (customer) =>
      customer.noShows > 0 ? (
        <Badge color="gray" variant="filled" size="sm">
          {customer.noShows}
        </Badge>
      ) : (
        <Text span size="sm" c="dimmed">
          0
        </Text>
      ),
  },
];

/**
 * The customer book (README "The customer book"): everyone who booked, signed up or booked by the
 * salon, searched by name, e-mail or phone on the server and read a page at a time, so it stays
 * quick with thousands of customers. A name opens the customer's record.
 */
export function CustomersPage() {
  const search = useSearch();
  const [page, setPage] = useState(1);
  // A new search starts again from the first page.
  const [searched, setSearched] = useState(search.query);
  if (searched !== search.query) {
    setSearched(search.query);
    setPage(1);
  }
  const listQuery = trpc.admin.customers.list.useQuery(
    { search: search.query, page, limit: CUSTOMERS_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  useErrorToast(listQuery.error, FETCH_FAILED, 'admin-customers-fetch-error');
  const stats = trpc.admin.stats.useQuery();
  const data = listQuery.data;

  return (
    <>
      <AdminPageHeader
        title="Customers"
        search={search}
        searchLabel="Search by name, e-mail or phone"
        counts={[
          { label: 'Customers', value: stats.data?.totalUsers },
          { label: 'Matching search', value: data?.total },
        ]}
      />
      <AdminTable
        label="Customers"
        columns={COLUMNS}
        items={data?.customers}
        getKey={(customer) => customer._id}
        loading={listQuery.isPending}
        error={listQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void listQuery.refetch()}
        emptyText={search.query ? 'No customer matches this search' : 'No customers yet'}
        minWidth={900}
      />
      <AdminPager
        total={data?.total ?? 0}
        pageSize={data?.limit ?? CUSTOMERS_PAGE_SIZE}
        page={page}
        onChange={setPage}
        noun="customer"
        mt="md"
      />
    </>
  );
}
