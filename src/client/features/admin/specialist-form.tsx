import { Button, Group, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo } from 'react';
import { WEEKDAYS, weekdayShort } from '../../../shared/constants';
import { specialistFormSchema, type Specialist } from '../../../shared/schemas/specialist';
import { AdminFormModal } from '../../components/admin/admin-form-modal';
import type { ModalTarget } from '../../components/admin/use-modal-target';
import { ImageInput, pickedImageData } from '../../components/forms/image-input';
import { serverFieldErrors } from '../../components/forms/server-field-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

const SAVE_FAILED = 'Failed to save';
const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: weekdayShort(day) }));

interface SpecialistValues {
  image: File | null;
  name: string;
  phone: string;
  email: string;
  availableFrom: string;
  availableTo: string;
  availableDays: string[];
  expertise: string[];
}

function initialValues(specialist: Specialist | null): SpecialistValues {
  return {
    image: null,
    name: specialist?.name ?? '',
    phone: specialist?.phone ?? '',
    email: specialist?.email ?? '',
    availableFrom: specialist?.availableFrom ?? '',
    availableTo: specialist?.availableTo ?? '',
    availableDays: specialist ? [...specialist.availableDays] : [],
    expertise: specialist?.expertise.map((service) => service._id) ?? [],
  };
}

/** Add Specialist when the target has no specialist, Edit Specialist when it has one (spec section 4). */
export function SpecialistFormModal({ target }: { target: ModalTarget<Specialist> }) {
  return (
    <AdminFormModal
      opened={target.opened}
      onClose={target.close}
      title={target.item ? 'Edit Specialist' : 'Add Specialist'}
    >
      <SpecialistForm key={target.key} specialist={target.item} onSaved={target.close} />
    </AdminFormModal>
  );
}

function SpecialistForm({ specialist, onSaved }: { specialist: Specialist | null; onSaved: () => void }) {
  const utils = trpc.useUtils();
  // The services a specialist can offer: those on offer now.
  const servicesQuery = trpc.public.services.list.useQuery();
  const serviceOptions = useMemo(
    () => (servicesQuery.data ?? []).map((service) => ({ value: service._id, label: service.name })),
    [servicesQuery.data],
  );
  const schema = useMemo(() => specialistFormSchema(specialist !== null), [specialist]);
  const form = useForm<SpecialistValues>({
    initialValues: initialValues(specialist),
    validate: schemaResolver(schema, { sync: true }),
  });
  const handlers = (message: string) => ({
    onSuccess: () => {
      void utils.public.specialists.invalidate();
      notifySuccess(message);
      onSaved();
    },
    onError: (error: unknown) => {
      notifyError(error, SAVE_FAILED);
      form.setErrors(serverFieldErrors(error));
    },
  });
  const create = trpc.admin.specialists.create.useMutation(handlers('Specialist created'));
  const update = trpc.admin.specialists.update.useMutation(handlers('Specialist updated'));

  const submit = form.onSubmit(async (values) => {
    // Validation passed, so parsing gives the trimmed strings and padded times the schema promises.
    const { image: file, ...fields } = schema.parse(values);
    const image = await pickedImageData(file, (message) => form.setFieldError('image', message));
    if (image === null) return;
    if (specialist) {
      await update.mutateAsync({ id: specialist._id, ...fields, image }).catch(() => undefined);
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
          currentUrl={specialist?.image.url ?? null}
          name={specialist?.name}
          required={!specialist}
        />
        <TextInput label="Name" autoComplete="off" required {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Phone" type="tel" inputMode="numeric" required {...form.getInputProps('phone')} />
          <TextInput label="Email" type="email" autoComplete="off" required {...form.getInputProps('email')} />
          <TextInput label="Available From" type="time" required {...form.getInputProps('availableFrom')} />
          <TextInput label="Available To" type="time" required {...form.getInputProps('availableTo')} />
        </SimpleGrid>
        <MultiSelect
          label="Days"
          placeholder={form.values.availableDays.length === 0 ? 'Choose the working days' : undefined}
          required
          data={DAY_OPTIONS}
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('availableDays')}
        />
        <MultiSelect
          label="Expertise"
          placeholder={form.values.expertise.length === 0 ? 'Choose the services offered' : undefined}
          required
          searchable
          nothingFoundMessage={servicesQuery.isPending ? 'Loading services...' : 'No such service'}
          data={serviceOptions}
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('expertise')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onSaved}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting || create.isPending || update.isPending}>
            {specialist ? 'Save changes' : 'Add Specialist'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
