import { Badge, Button, Image, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Discount } from '@/shared/schemas/discounts';
import { formatDay } from '@/shared/time-format';
import { AdminPageHeader } from '@/client/components/admin/admin-page-header';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { RowActions } from '@/client/components/admin/row-actions';
import { matchesSearch, useSearch } from '@/client/components/admin/search';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { categoryLabel } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { useDeleteDiscount } from './api/discounts';
import { DiscountFormModal } from './discount-form';

const FETCH_FAILED = 'Failed to load discounts';

export function DiscountsPage() {
  const discountsQuery = trpc.admin.discounts.list.useQuery();
  useErrorToast(discountsQuery.error, FETCH_FAILED, 'admin-discounts-fetch-error');
  const search = useSearch();
  const editor = useModalTarget<Discount>();
  const deleting = useModalTarget<Discount>();
  const remove = useDeleteDiscount(deleting.close);

  const discounts = discountsQuery.data;
  const shown = useMemo(
    () => discounts?.filter((discount) => matchesSearch(search.query, discount.title)),
    [discounts, search.query],
  );

  const columns: AdminColumn<Discount>[] = [
    {
      header: 'Image',
      hideHeader: true,
      card: 'media',
      width: 88,
      cell: (discount) => <Image src={discount.image.url} alt={discount.title} w={64} h={44} radius="sm" fit="cover" />,
    },
    {
      header: 'Title',
      card: 'title',
      cell: (discount) => (
        <Text size="sm" fw={500}>
          {discount.title}
        </Text>
      ),
    },
    { header: 'Percentage', cell: (discount) => `${discount.percentage}%` },
    { header: 'Categories', cell: (discount) => discount.category.map(categoryLabel).join(', ') },
    { header: 'Valid From', cell: (discount) => formatDay(discount.validFrom) },
    { header: 'Valid Till', cell: (discount) => formatDay(discount.validTill) },
    {
      header: 'Active',
      card: 'status',
      cell: (discount) =>
        discount.isActive ? (
          <Badge color="green" variant="light" miw="max-content">
            Active
          </Badge>
        ) : (
          <Badge color="gray" variant="light" miw="max-content">
            Inactive
          </Badge>
        ),
    },
    {
      header: 'Actions',
      card: 'actions',
      width: 140,
      cell: (discount) => (
        <RowActions
          name={discount.title}
          onEdit={() => editor.open(discount)}
          onDelete={() => deleting.open(discount)}
        />
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Discounts"
        search={search}
        searchLabel="Search discounts"
        counts={[
          { label: 'Total Discounts', value: discounts?.length },
          { label: 'Active Now', value: discounts?.filter((discount) => discount.isActive).length },
        ]}
        action={<Button onClick={() => editor.open()}>Add Discount</Button>}
      />
      <AdminTable
        label="Discounts"
        columns={columns}
        items={shown}
        getKey={(discount) => discount._id}
        loading={discountsQuery.isPending}
        error={discountsQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void discountsQuery.refetch()}
        emptyText="No discounts found"
        minWidth={860}
      />
      <DiscountFormModal target={editor} />
      <ConfirmDeleteModal
        opened={deleting.opened}
        onClose={deleting.close}
        title="Delete discount"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting.item) remove.mutate({ id: deleting.item._id });
        }}
      >
        Delete <b>{deleting.item?.title}</b> for good? It disappears from the website at once.
      </ConfirmDeleteModal>
    </>
  );
}
