import { Button, Group, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  updateSpecialistServicesSchema,
  type Specialist,
  type SpecialistServiceTerms,
  type UpdateSpecialistServicesInput,
} from '@/shared/schemas/specialists';
import { AdminFormModal } from '@/client/components/admin/admin-form-modal';
import type { ModalTarget } from '@/client/components/admin/use-modal-target';
import { showServerFieldErrors } from '@/client/components/forms/server-field-errors';
import { errorMessage } from '@/client/lib/errors';
import { formatDuration, formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { useUpdateServiceTerms } from './api/specialists';

const FETCH_FAILED = 'Failed to load the services of this specialist';

/** "Prices & lengths" of one specialist: their own price and length for each service they offer. */
export function ServiceTermsModal({ target }: { target: ModalTarget<Specialist> }) {
  const specialist = target.item;
  return (
    <AdminFormModal opened={target.opened} onClose={target.close} title={`Prices & lengths: ${specialist?.name ?? ''}`}>
      {specialist ? <ServiceTerms key={target.key} specialist={specialist} onDone={target.close} /> : null}
    </AdminFormModal>
  );
}

function ServiceTerms({ specialist, onDone }: { specialist: Specialist; onDone: () => void }) {
  const termsQuery = trpc.admin.specialists.services.useQuery({ id: specialist._id });
  if (termsQuery.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        {Array.from({ length: 3 }, (_, row) => (
          <Skeleton key={row} height={44} radius="md" />
        ))}
      </Stack>
    );
  }
  if (termsQuery.isError) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <Text c="red.8" ta="center">
          {errorMessage(termsQuery.error, FETCH_FAILED)}
        </Text>
        <Button size="xs" variant="outline" onClick={() => void termsQuery.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <ServiceTermsForm specialist={specialist} terms={termsQuery.data} onDone={onDone} />;
}

function ServiceTermsForm({
  specialist,
  terms,
  onDone,
}: {
  specialist: Specialist;
  terms: SpecialistServiceTerms;
  onDone: () => void;
}) {
  const form = useForm<UpdateSpecialistServicesInput>({
    initialValues: {
      id: specialist._id,
      services: terms.services.map((line) => ({
        service: line.service._id,
        price: line.price ?? '',
        duration: line.duration ?? '',
      })),
    },
    validate: schemaResolver(updateSpecialistServicesSchema, { sync: true }),
  });
  const update = useUpdateServiceTerms();
  const submit = form.onSubmit((values) => {
    update.mutate(updateSpecialistServicesSchema.parse(values), {
      onSuccess: onDone,
      onError: (error) => showServerFieldErrors(form, error),
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Leave a field empty to use the service&apos;s own price or length. A longer length changes the free times
          offered with {specialist.name}.
        </Text>
        <Table.ScrollContainer minWidth={330}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th w={96}>Price</Table.Th>
                <Table.Th w={104}>Length</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {terms.services.map((line, index) => (
                <Table.Tr key={line.service._id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {line.service.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Service: {formatPrice(line.service.price)} · {formatDuration(line.service.duration)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${specialist.name}'s price for ${line.service.name}`}
                      placeholder={String(line.service.price)}
                      leftSection="$"
                      min={0}
                      decimalScale={2}
                      hideControls
                      {...form.getInputProps(`services.${index}.price`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${specialist.name}'s length for ${line.service.name}`}
                      placeholder={String(line.service.duration)}
                      rightSection="min"
                      rightSectionWidth={36}
                      rightSectionPointerEvents="none"
                      min={1}
                      allowDecimal={false}
                      hideControls
                      {...form.getInputProps(`services.${index}.duration`)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save prices
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
