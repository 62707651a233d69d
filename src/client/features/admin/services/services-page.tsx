import { Button, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Service } from '@/shared/schemas/services';
import { AdminPageHeader } from '@/client/components/admin/admin-page-header';
import { AdminTable, type AdminColumn } from '@/client/components/admin/admin-table';
import { ConfirmDeleteModal } from '@/client/components/admin/confirm-delete-modal';
import { RowActions } from '@/client/components/admin/row-actions';
import { matchesSearch, useSearch } from '@/client/components/admin/search';
import { useModalTarget } from '@/client/components/admin/use-modal-target';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { categoryLabel, formatDuration, formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { useDeleteService } from './api/services';
import { ServiceFormModal } from './service-form';

const FETCH_FAILED = 'Failed to fetch services.';

export function AdminServicesPage() {
  const servicesQuery = trpc.public.services.list.useQuery();
  useErrorToast(servicesQuery.error, FETCH_FAILED, 'admin-services-fetch-error');
  const search = useSearch();
  const editor = useModalTarget<Service>();
  const deleting = useModalTarget<Service>();
  const remove = useDeleteService(deleting.close);

  const services = servicesQuery.data;
  const shown = useMemo(
    () => services?.filter((service) => matchesSearch(search.query, service.name, service.category)),
    [services, search.query],
  );
  const categories = services ? new Set(services.map((service) => service.category)).size : undefined;

  const columns: AdminColumn<Service>[] = [
    {
      header: 'Name',
      card: 'title',
      cell: (service) => (
        <Text size="sm" fw={500}>
          {service.name}
        </Text>
      ),
    },
    { header: 'Category', cell: (service) => categoryLabel(service.category) },
    { header: 'Price', cell: (service) => formatPrice(service.price) },
    { header: 'Duration', cell: (service) => formatDuration(service.duration) },
    {
      header: 'Actions',
      card: 'actions',
      width: 140,
      cell: (service) => (
        <RowActions name={service.name} onEdit={() => editor.open(service)} onDelete={() => deleting.open(service)} />
      ),
    },
  ];

  return (
    <>
      <AdminPageHeader
        title="Services"
        search={search}
        searchLabel="Search services"
        counts={[
          { label: 'Total Services', value: services?.length },
          { label: 'Categories', value: categories },
        ]}
        action={<Button onClick={() => editor.open()}>Add Service</Button>}
      />
      <AdminTable
        label="Services"
        columns={columns}
        items={shown}
        getKey={(service) => service._id}
        loading={servicesQuery.isPending}
        error={servicesQuery.error}
        errorFallback={FETCH_FAILED}
        onRetry={() => void servicesQuery.refetch()}
        emptyText="No services found"
        minWidth={640}
      />
      <ServiceFormModal target={editor} />
      <ConfirmDeleteModal
        opened={deleting.opened}
        onClose={deleting.close}
        title="Delete service"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting.item) remove.mutate({ id: deleting.item._id });
        }}
      >
        Delete <b>{deleting.item?.name}</b>? It leaves the price list and every specialist&apos;s expertise. Past
        bookings and reviews of it stay.
      </ConfirmDeleteModal>
    </>
  );
}
