import { AspectRatio, Card, Image, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Specialist } from '@/shared/schemas/specialists';
import { LoadError } from '@/client/components/public/load-error';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { trpc } from '@/client/lib/trpc';
import { formatWorkingDays, formatWorkingHours } from './team-format';
import { Columns } from '@/client/components/layout/columns';
import classes from './team-section.module.css';

const FETCH_FAILED = 'Failed to fetch specialists.';
const GRID_COLS = { base: 1, xs: 2, md: 4 };

/** The team, built from the specialists. */
export function TeamSection() {
  const specialistsQuery = trpc.public.specialists.list.useQuery();
  useErrorToast(specialistsQuery.error, FETCH_FAILED, 'specialists-fetch-error');

  return (
    <section aria-labelledby="about-team-title">
      <Title order={2} id="about-team-title">
        Meet the team
      </Title>
      <Text mt="xs" mb="lg" maw={640}>
        Every specialist has their own craft and their own days with us.
      </Text>
      {specialistsQuery.isPending ? (
        <Columns cols={GRID_COLS} spacing="lg" aria-busy="true">
          <VisuallyHidden>Loading the team…</VisuallyHidden>
          {Array.from({ length: 4 }, (_, index) => (
            <Card key={index} withBorder radius="md" padding="lg">
              <Card.Section>
                <AspectRatio ratio={1}>
                  <Skeleton radius={0} />
                </AspectRatio>
              </Card.Section>
              <Skeleton h={20} mt="md" w="60%" />
              <Skeleton h={14} mt="sm" />
            </Card>
          ))}
        </Columns>
      ) : specialistsQuery.isError ? (
        <LoadError
          title="The team could not be loaded"
          error={specialistsQuery.error}
          fallback={FETCH_FAILED}
          onRetry={() => void specialistsQuery.refetch()}
        />
      ) : specialistsQuery.data.length === 0 ? (
        <Text>Our team is being introduced soon.</Text>
      ) : (
        <Columns component="ul" cols={GRID_COLS} spacing="lg">
          {specialistsQuery.data.map((specialist) => (
            <li key={specialist._id}>
              <SpecialistCard specialist={specialist} />
            </li>
          ))}
        </Columns>
      )}
    </section>
  );
}

function SpecialistCard({ specialist }: { specialist: Specialist }) {
  return (
    <Card component="article" withBorder shadow="sm" radius="md" padding="lg" h="100%">
      <Card.Section>
        <AspectRatio ratio={1}>
          <Image src={specialist.image.url} alt={specialist.name} fit="cover" loading="lazy" />
        </AspectRatio>
      </Card.Section>
      <Title order={3} fz="lg" mt="md">
        {specialist.name}
      </Title>
      {specialist.expertise.length > 0 ? (
        <ul className={classes.services} aria-label={`${specialist.name}'s services`}>
          {specialist.expertise.map((service) => (
            <li key={service._id} className={classes.service}>
              {service.name}
            </li>
          ))}
        </ul>
      ) : null}
      <Stack gap={2} mt="md">
        <Text size="sm">
          <Text span fw={600}>
            Days:{' '}
          </Text>
          {formatWorkingDays(specialist.availableDays)}
        </Text>
        <Text size="sm">
          <Text span fw={600}>
            Hours:{' '}
          </Text>
          {formatWorkingHours(specialist.availableFrom, specialist.availableTo)}
        </Text>
      </Stack>
    </Card>
  );
}
