import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { SERVICE_CATEGORIES } from '@/shared/constants';
import { serviceFormSchema, type Service } from '@/shared/schemas/services';
import { EntityForm, EntityFormModal, type EntityFormProps } from '@/client/components/admin/entity-form';
import type { ModalTarget } from '@/client/components/admin/use-modal-target';
import { categoryLabel } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateServices } from './api/services';

const CATEGORY_OPTIONS = SERVICE_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) }));

interface ServiceValues {
  image: File | null;
  name: string;
  price: number | string;
  duration: number | string;
  category: string | null;
  description: string;
}

function initialValues(service: Service | null): ServiceValues {
  return {
    image: null,
    name: service?.name ?? '',
    price: service?.price ?? '',
    duration: service?.duration ?? '',
    category: service?.category ?? null,
    description: service?.description ?? '',
  };
}

/** Add Service when the target has no service, Edit Service when it has one. */
export function ServiceFormModal({ target }: { target: ModalTarget<Service> }) {
  return <EntityFormModal target={target} noun="Service" form={ServiceForm} />;
}

function ServiceForm({ item: service, onSaved }: EntityFormProps<Service>) {
  const invalidate = useInvalidateServices();
  return (
    <EntityForm
      item={service}
      onSaved={onSaved}
      noun="Service"
      imageName={service?.name}
      schemaFor={serviceFormSchema}
      initialValues={initialValues(service)}
      create={trpc.admin.services.create}
      update={trpc.admin.services.update}
      messages={{ created: 'Service created', updated: 'Service updated' }}
      onSuccess={invalidate}
    >
      {(form) => (
        <>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <NumberInput
              label="Price"
              required
              min={0}
              decimalScale={2}
              leftSection="$"
              hideControls
              {...form.getInputProps('price')}
            />
            <NumberInput
              label="Duration"
              rightSection="min"
              rightSectionWidth={48}
              rightSectionPointerEvents="none"
              required
              min={1}
              allowDecimal={false}
              hideControls
              {...form.getInputProps('duration')}
            />
            <Select
              label="Category"
              required
              data={CATEGORY_OPTIONS}
              allowDeselect={false}
              placeholder="Choose one"
              {...form.getInputProps('category')}
            />
          </SimpleGrid>
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
        </>
      )}
    </EntityForm>
  );
}
