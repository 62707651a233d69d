import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { SERVICE_CATEGORIES } from '../../../shared/constants';
import { serviceFormSchema, type Service } from '../../../shared/schemas/service';
import { AdminFormModal } from '../../components/admin/admin-form-modal';
import type { ModalTarget } from '../../components/admin/use-modal-target';
import { ImageInput, pickedImageData } from '../../components/forms/image-input';
import { serverFieldErrors } from '../../components/forms/server-field-errors';
import { categoryLabel } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

const SAVE_FAILED = 'Failed to save';
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

/** Add Service when the target has no service, Edit Service when it has one (spec section 4). */
export function ServiceFormModal({ target }: { target: ModalTarget<Service> }) {
  return (
    <AdminFormModal opened={target.opened} onClose={target.close} title={target.item ? 'Edit Service' : 'Add Service'}>
      <ServiceForm key={target.key} service={target.item} onSaved={target.close} />
    </AdminFormModal>
  );
}

function ServiceForm({ service, onSaved }: { service: Service | null; onSaved: () => void }) {
  const utils = trpc.useUtils();
  const schema = useMemo(() => serviceFormSchema(service !== null), [service]);
  const form = useForm<ServiceValues>({
    initialValues: initialValues(service),
    validate: schemaResolver(schema, { sync: true }),
  });
  const handlers = (message: string) => ({
    onSuccess: () => {
      void utils.public.services.invalidate();
      // Specialists list their expertise by service name.
      void utils.public.specialists.invalidate();
      notifySuccess(message);
      onSaved();
    },
    onError: (error: unknown) => {
      notifyError(error, SAVE_FAILED);
      form.setErrors(serverFieldErrors(error));
    },
  });
  const create = trpc.admin.services.create.useMutation(handlers('Service created'));
  const update = trpc.admin.services.update.useMutation(handlers('Service updated'));

  const submit = form.onSubmit(async (values) => {
    // Validation passed, so parsing gives the trimmed strings and numbers the schema promises.
    const { image: file, ...fields } = schema.parse(values);
    const image = await pickedImageData(file, (message) => form.setFieldError('image', message));
    if (image === null) return;
    if (service) {
      await update.mutateAsync({ id: service._id, ...fields, image }).catch(() => undefined);
    } else if (image !== undefined) {
      await create.mutateAsync({ ...fields, image }).catch(() => undefined);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <ImageInput
          label="Image"
          value={form.values.image}
          onChange={(file) => form.setFieldValue('image', file)}
          error={form.errors.image}
          currentUrl={service?.image.url ?? null}
          name={service?.name}
          required={!service}
        />
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
        <Textarea label="Description" required autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSaved}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting || create.isPending || update.isPending}>
            {service ? 'Save changes' : 'Add Service'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
