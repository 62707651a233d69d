import { MultiSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { WEEKDAYS, weekdayShort } from '@/shared/constants';
import { specialistFormSchema, type Specialist } from '@/shared/schemas/specialists';
import { EntityForm, EntityFormModal, type EntityFormProps } from '@/client/components/admin/entity-form';
import type { ModalTarget } from '@/client/components/admin/use-modal-target';
import { trpc } from '@/client/lib/trpc';
import { useInvalidateSpecialists } from './api/specialists';

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

/** Add Specialist when the target has no specialist, Edit Specialist when it has one. */
export function SpecialistFormModal({ target }: { target: ModalTarget<Specialist> }) {
  return <EntityFormModal target={target} noun="Specialist" form={SpecialistForm} />;
}

function SpecialistForm({ item: specialist, onSaved }: EntityFormProps<Specialist>) {
  const invalidate = useInvalidateSpecialists();
  // The services a specialist can offer: those on offer now.
  const servicesQuery = trpc.public.services.list.useQuery();
  const serviceOptions = useMemo(
    () => (servicesQuery.data ?? []).map((service) => ({ value: service._id, label: service.name })),
    [servicesQuery.data],
  );
  return (
    <EntityForm
      item={specialist}
      onSaved={onSaved}
      noun="Specialist"
      imageName={specialist?.name}
      schemaFor={specialistFormSchema}
      initialValues={initialValues(specialist)}
      create={trpc.admin.specialists.create}
      update={trpc.admin.specialists.update}
      messages={{ created: 'Specialist created', updated: 'Specialist updated' }}
      onSuccess={invalidate}
    >
      {(form) => (
        <>
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
        </>
      )}
    </EntityForm>
  );
}
