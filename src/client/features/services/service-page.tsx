import {
  Alert,
  AspectRatio,
  Button,
  Card,
  Container,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { errorMessage } from '../../lib/errors';
import { categoryLabel } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';
import { groupServicesByCategory } from './group-services';
import { ServiceCard } from './service-card';

const FETCH_ERROR_DEFAULT = 'Failed to fetch services.';
const GRID_COLS = { base: 1, xs: 2, md: 3 };

export function ServicePage() {
  usePageTitle('Our Services');
  const servicesQuery = trpc.public.services.list.useQuery();
  const { error } = servicesQuery;

  useEffect(() => {
    if (!error) return;
    notifications.show({
      // A fixed id keeps one toast per failure even when the effect runs twice (StrictMode).
      id: 'services-fetch-error',
      color: 'red',
      message: errorMessage(error, FETCH_ERROR_DEFAULT),
    });
  }, [error]);

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Our Services</Title>
      <Text mt="sm" maw={640}>
        Everything we offer, with prices and how long each visit takes.
      </Text>

      {servicesQuery.isPending ? (
        <ServicesSkeleton />
      ) : servicesQuery.isError ? (
        <Alert color="red" title="Services could not be loaded" mt="xl">
          <Text size="sm">{errorMessage(servicesQuery.error, FETCH_ERROR_DEFAULT)}</Text>
          <Button
            mt="sm"
            size="xs"
            variant="outline"
            color="red"
            onClick={() => void servicesQuery.refetch()}
          >
            Try again
          </Button>
        </Alert>
      ) : servicesQuery.data.length === 0 ? (
        <Text mt="xl">No services are on offer right now. Please check back soon.</Text>
      ) : (
        <Stack gap={48} mt="xl">
          {groupServicesByCategory(servicesQuery.data).map((group) => (
            <section key={group.category} aria-labelledby={categoryHeadingId(group.category)}>
              <Title order={2} id={categoryHeadingId(group.category)} mb="md">
                {categoryLabel(group.category)}
              </Title>
              <SimpleGrid cols={GRID_COLS} spacing="lg">
                {group.services.map((service) => (
                  <ServiceCard key={service._id} service={service} />
                ))}
              </SimpleGrid>
            </section>
          ))}
        </Stack>
      )}

      {/* The booking form and the review form of this page come in their own issues. */}
    </Container>
  );
}

function categoryHeadingId(category: string): string {
  return `category-${category.toLowerCase().replace(/\s+/g, '-')}`;
}

function ServicesSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden>Loading services…</VisuallyHidden>
      <Skeleton h={32} w={200} mt="xl" mb="md" />
      <SimpleGrid cols={GRID_COLS} spacing="lg">
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index} withBorder padding="lg" radius="md">
            <Card.Section>
              <AspectRatio ratio={4 / 3}>
                <Skeleton radius={0} />
              </AspectRatio>
            </Card.Section>
            <Skeleton h={20} mt="md" w="70%" />
            <Skeleton h={14} mt="sm" w="30%" />
            <Skeleton h={14} mt="sm" />
            <Skeleton h={14} mt={6} w="85%" />
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
