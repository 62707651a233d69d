import {
  Anchor,
  Button,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { SALON_NAME } from '@/shared/constants';
import { composeAddress, isOneLineAddress } from '@/shared/postal-address';
import {
  CITY_MAX_LENGTH,
  COUNTRY_MAX_LENGTH,
  LATITUDE_LIMIT,
  LONGITUDE_LIMIT,
  POSTAL_CODE_MAX_LENGTH,
  STREET_MAX_LENGTH,
  salonDetailsSchema,
  type SalonDetailsView,
} from '@/shared/schemas/account';
import type { AdminAccount } from '@/client/lib/auth/admin-auth-store';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useErrorToast } from '@/client/lib/use-error-toast';
import type { MapLocation } from '@/client/components/public/contact-format';
import { SalonMap } from '@/client/components/public/salon-map';
import { useUpdateSalonDetails } from './api/profile';
import { mapSearchUrl, positionFromText } from './map-position';
import { SettingsCard } from './settings-card';

const FETCH_FAILED = 'Failed to load the salon details';

/** The salon's phone fields: `tel` with the digits keypad, and no autofill hint (they are not the admin's). */
const SALON_PHONE_INPUT = { type: 'tel', inputMode: 'numeric', autoComplete: 'off' } as const;

/** The group names read as headings of the form's three parts. */
const LEGEND_STYLES = { legend: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)', marginBottom: 8 } };

interface SalonDetailsValues {
  contactEmail: string;
  phone: string;
  secondaryPhone: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  latitude: number | string;
  longitude: number | string;
}

/** The address after the street, on one row: each part's label, limit and whether it must be given. */
const PLACE_FIELDS = [
  { name: 'city', label: 'City', maxLength: CITY_MAX_LENGTH, required: true },
  { name: 'postalCode', label: 'Postal code', maxLength: POSTAL_CODE_MAX_LENGTH, required: false },
  { name: 'country', label: 'Country', maxLength: COUNTRY_MAX_LENGTH, required: true },
] as const;

/** The map position's two fields, each within its bounds. */
const COORDINATE_FIELDS = [
  { name: 'latitude', label: 'Latitude', limit: LATITUDE_LIMIT },
  { name: 'longitude', label: 'Longitude', limit: LONGITUDE_LIMIT },
] as const;

/**
 * What the street field says under it while the loaded address is a one-line one kept as the
 * street: to split it, and, when it is longer than a street may be, that it cannot be saved as it is.
 */
function oneLineAddressHint(loaded: SalonDetailsValues): string | null {
  const tooLong = loaded.street.trim().length > STREET_MAX_LENGTH;
  if (!tooLong && !isOneLineAddress(loaded)) return null;
  const split = 'split it into street, city, postal code and country';
  return tooLong
    ? `The old one-line address was kept as the street and is longer than the street's ${String(STREET_MAX_LENGTH)} characters: ${split} to save the details.`
    : `The old one-line address was kept as the street: ${split}.`;
}

/**
 * The form's values: the saved details, or before they were first saved (an install without the
 * demo data) what the admin's own account offers, saved only when the owner saves.
 */
function detailsValues(view: SalonDetailsView, admin: AdminAccount): SalonDetailsValues {
  if (view) {
    return {
      contactEmail: view.email,
      phone: view.phone,
      secondaryPhone: view.secondaryPhone ?? '',
      street: view.street,
      city: view.city,
      postalCode: view.postalCode,
      country: view.country,
      latitude: view.location.lat,
      longitude: view.location.lng,
    };
  }
  return {
    contactEmail: admin.email,
    phone: admin.phone,
    secondaryPhone: admin.secondaryPhone ?? '',
    street: admin.address,
    city: '',
    postalCode: '',
    country: '',
    latitude: admin.location?.lat ?? '',
    longitude: admin.location?.lng ?? '',
  };
}

/** Settings > Salon details: what customers see on the Contact page, in e-mails and in search results. */
export function SalonDetailsSection({ admin }: { admin: AdminAccount }) {
  const details = trpc.admin.salonDetails.get.useQuery();
  useErrorToast(details.error, FETCH_FAILED, 'admin-salon-details-fetch-error');

  let body;
  if (details.isPending) {
    body = <Skeleton height={640} radius="md" aria-busy />;
  } else if (details.isError) {
    body = (
      <Stack align="flex-start" gap="xs">
        <Text c="red.8">{errorMessage(details.error, FETCH_FAILED)}</Text>
        <Button size="xs" variant="outline" onClick={() => void details.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else {
    body = <SalonDetailsForm initial={detailsValues(details.data, admin)} />;
  }
  return (
    <SettingsCard
      title="Salon details"
      description="What customers see on the Contact page, in the salon's e-mails and in search results."
    >
      {body}
    </SettingsCard>
  );
}

/** The position the form's latitude and longitude stand for, when both are valid. */
function formLocation(values: SalonDetailsValues): MapLocation | null {
  const lat = salonDetailsSchema.shape.latitude.safeParse(values.latitude);
  const lng = salonDetailsSchema.shape.longitude.safeParse(values.longitude);
  return lat.success && lng.success ? { lat: lat.data, lng: lng.data } : null;
}

function SalonDetailsForm({ initial }: { initial: SalonDetailsValues }) {
  const form = useForm<SalonDetailsValues>({
    initialValues: initial,
    validate: schemaResolver(salonDetailsSchema, { sync: true }),
  });
  const save = useUpdateSalonDetails();
  const [pasted, setPasted] = useState('');

  const submit = form.onSubmit((values) => {
    // Validation passed, so parsing gives the trimmed strings and numbers the schema promises.
    save.mutate(salonDetailsSchema.parse(values), {
      onSuccess: () => form.resetDirty(),
    });
  });

  const pastedPosition = positionFromText(pasted);
  const onPaste = (text: string) => {
    setPasted(text);
    const position = positionFromText(text);
    if (position) form.setValues({ latitude: position.lat, longitude: position.lng });
  };
  const location = formLocation(form.values);
  const address = composeAddress(form.values);
  const streetHint = oneLineAddressHint(initial);

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xl">
        <Fieldset legend="Contact" variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <TextInput
              label="Salon name"
              value={SALON_NAME}
              readOnly
              description="Shown on every page and e-mail; it comes with the installation and is not changed here."
            />
            <TextInput
              label="Contact email"
              type="email"
              autoComplete="off"
              required
              description="Shown on the Contact page and used as the reply address of the salon's e-mails; it can differ from your login e-mail."
              {...form.getInputProps('contactEmail')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Phone" {...SALON_PHONE_INPUT} required {...form.getInputProps('phone')} />
              <TextInput
                label="Second phone"
                {...SALON_PHONE_INPUT}
                placeholder="Optional"
                {...form.getInputProps('secondaryPhone')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Address" variant="unstyled" styles={LEGEND_STYLES}>
          <Stack gap="md">
            <TextInput
              label="Street and number"
              autoComplete="off"
              required
              maxLength={STREET_MAX_LENGTH}
              description="With the building, floor or area if customers need it (12 Rose Street, Bandra West)."
              inputContainer={(input) => (
                <>
                  {input}
                  {streetHint ? (
                    <Text size="sm" c="red.9" mt={4}>
                      {streetHint}
                    </Text>
                  ) : null}
                </>
              )}
              {...form.getInputProps('street')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {PLACE_FIELDS.map((part) => (
                <TextInput
                  key={part.name}
                  label={part.label}
                  autoComplete="off"
                  required={part.required}
                  maxLength={part.maxLength}
                  {...form.getInputProps(part.name)}
                />
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              On the Contact page:{' '}
              <Text span inherit c="dark" data-testid="composed-address">
                {address || '—'}
              </Text>
            </Text>
          </Stack>
        </Fieldset>

        <Fieldset legend="Place on the map" variant="unstyled" styles={LEGEND_STYLES}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="md">
              <TextInput
                label="Map link or coordinates"
                autoComplete="off"
                value={pasted}
                onChange={(event) => onPaste(event.currentTarget.value)}
                description={
                  <>
                    Find the salon on{' '}
                    <Anchor
                      href={mapSearchUrl(address)}
                      target="_blank"
                      rel="noopener noreferrer"
                      inherit
                      underline="always"
                    >
                      OpenStreetMap
                    </Anchor>{' '}
                    or Google Maps, then paste the page&apos;s link or the pin&apos;s coordinates here.
                  </>
                }
                error={pasted.trim() !== '' && !pastedPosition ? 'No map position found in this text' : undefined}
              />
              <SimpleGrid cols={2} spacing="md">
                {COORDINATE_FIELDS.map((coordinate) => (
                  <NumberInput
                    key={coordinate.name}
                    label={coordinate.label}
                    required
                    decimalScale={6}
                    min={-coordinate.limit}
                    max={coordinate.limit}
                    hideControls
                    {...form.getInputProps(coordinate.name)}
                  />
                ))}
              </SimpleGrid>
              <Text size="sm" c="dimmed">
                The preview is the Contact page&apos;s map: Show interactive map to check the pin, or try the directions
                links.
              </Text>
            </Stack>
            {location ? (
              <SalonMap location={location} address={address} />
            ) : (
              <Text size="sm" c="dimmed">
                Enter a latitude and longitude to see the map.
              </Text>
            )}
          </SimpleGrid>
        </Fieldset>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save salon details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
