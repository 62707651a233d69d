import { Button, CloseButton, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { ANY_SPECIALIST, VISIT_ITEMS_MAX } from '@/shared/constants';
import type { Service } from '@/shared/schemas/services';
import type { Specialist } from '@/shared/schemas/specialists';
import type { GetInputPropsReturnType } from '@mantine/form';

/** The specialists who offer a service (by its name); every one when no service is chosen. */
export function specialistsOffering<S extends { expertise: readonly { name: string }[] }>(
  specialists: readonly S[],
  serviceName: string,
): S[] {
  if (!serviceName) return [...specialists];
  return specialists.filter((specialist) => specialist.expertise.some((service) => service.name === serviceName));
}

/** `items.2.service` of a visit's answer → the form's `extras.1.service` (the first item is the spec's fields). */
export function visitFieldErrors(errors: Record<string, string>): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const item = /^items\.(\d+)\.(service|specialist)$/.exec(path);
    const index = Number(item?.[1]);
    const formPath = !item ? path : index === 0 ? (item[2] ?? path) : `extras.${String(index - 1)}.${item[2] ?? ''}`;
    if (!(formPath in mapped)) mapped[formPath] = message;
  }
  return mapped;
}

/** One further service of a visit in a form: its name and its specialist's name, or ANY_SPECIALIST. */
export interface VisitExtra {
  service: string;
  specialist: string;
}

/** The part of a Mantine form that holds a visit's further services under `extras`. */
export interface VisitExtrasForm {
  getValues(): { extras: VisitExtra[] };
  getInputProps(path: string): GetInputPropsReturnType;
  setFieldValue(path: string, value: unknown): void;
  insertListItem(path: 'extras', item: VisitExtra): void;
  removeListItem(path: 'extras', index: number): void;
  key(path: string): string;
}

/** A specialist select's choices: "Any specialist" once someone offers the service, then each of them. */
export function specialistOptions(specialists: readonly Specialist[], serviceName: string) {
  const offering = specialistsOffering(specialists, serviceName);
  return [
    ...(serviceName && offering.length > 0 ? [{ value: ANY_SPECIALIST, label: 'Any specialist' }] : []),
    ...offering.map((specialist) => ({ value: specialist.name, label: specialist.name })),
  ];
}

/**
 * The visit's further services, in order, after the first: each with its specialist or any, and
 * "Add another service" up to VISIT_ITEMS_MAX. Every change makes the chosen time stale.
 */
export function VisitItems({
  form,
  first,
  services,
  specialists,
  onChange,
}: {
  form: VisitExtrasForm;
  /** The first service's name ('' until chosen): more can be added once it is. */
  first: string;
  services: readonly Pick<Service, 'name'>[];
  specialists: readonly Specialist[];
  onChange: () => void;
}) {
  const { extras } = form.getValues();
  return (
    <Stack gap="sm">
      {extras.map((item, index) => {
        const position = index + 2;
        return (
          <Group key={form.key(`extras.${index}`)} align="flex-start" gap="sm" wrap="nowrap">
            <Text size="sm" fw={600} c="dimmed" w={20} pt={32} aria-hidden>
              {position}.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1 }}>
              <Select
                label={`Service ${position}`}
                placeholder="Select a service"
                data={services.map((candidate) => candidate.name)}
                allowDeselect={false}
                searchable
                comboboxProps={{ keepMounted: false }}
                required
                {...form.getInputProps(`extras.${index}.service`)}
                value={item.service || null}
                onChange={(name: string | null) => {
                  const offering = specialistsOffering(specialists, name ?? '');
                  const keep = item.specialist === ANY_SPECIALIST || offering.some((s) => s.name === item.specialist);
                  form.setFieldValue(`extras.${index}`, {
                    service: name ?? '',
                    specialist: keep && item.specialist ? item.specialist : ANY_SPECIALIST,
                  });
                  onChange();
                }}
              />
              <Select
                label={`Specialist ${position}`}
                placeholder="Select a specialist"
                data={specialistOptions(specialists, item.service)}
                allowDeselect={false}
                nothingFoundMessage="No specialist offers this service"
                comboboxProps={{ keepMounted: false }}
                required
                {...form.getInputProps(`extras.${index}.specialist`)}
                value={item.specialist || null}
                onChange={(specialist: string | null) => {
                  form.setFieldValue(`extras.${index}.specialist`, specialist ?? '');
                  onChange();
                }}
              />
            </SimpleGrid>
            <CloseButton
              mt={28}
              aria-label={`Remove service ${position}${item.service ? ` (${item.service})` : ''}`}
              onClick={() => {
                form.removeListItem('extras', index);
                onChange();
              }}
            />
          </Group>
        );
      })}
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        disabled={first === '' || extras.length >= VISIT_ITEMS_MAX - 1}
        onClick={() => {
          form.insertListItem('extras', { service: '', specialist: ANY_SPECIALIST });
          onChange();
        }}
      >
        + Add another service
      </Button>
    </Stack>
  );
}
