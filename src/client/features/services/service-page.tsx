import {
  Alert,
  AspectRatio,
  Box,
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
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useErrorToast } from '../../components/public/use-error-toast';
import { errorMessage } from '../../lib/errors';
import { categoryLabel } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';
import { BookingForm } from '../booking/booking-form';
import { categorySectionId, groupServicesByCategory } from './group-services';
import { ReviewForm } from './review-form';
import { ServiceCard } from './service-card';

const FETCH_ERROR_DEFAULT = 'Failed to fetch services.';
const GRID_COLS = { base: 1, xs: 2, md: 3 };

export function ServicePage() {
  usePageTitle('Our Services');
  const servicesQuery = trpc.public.services.list.useQuery();
  useErrorToast(servicesQuery.error, 'services-fetch-error', FETCH_ERROR_DEFAULT);
  useScrollToHashWhenLoaded(servicesQuery.isSuccess);

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
            <section
              key={group.category}
              id={categorySectionId(group.category)}
              aria-labelledby={`${categorySectionId(group.category)}-title`}
              // Clear of the sticky header when a link such as /service#category-nail-care lands here.
              style={{ scrollMarginTop: 80 }}
            >
              <Title order={2} id={`${categorySectionId(group.category)}-title`} mb="md">
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

      <Box mt={64}>
        <BookingForm />
      </Box>

      <Box mt={64}>
        <ReviewForm services={servicesQuery.data ?? []} servicesLoading={servicesQuery.isPending} />
      </Box>
    </Container>
  );
}

/**
 * The category sections exist only once the services have arrived, after the router has already
 * tried to scroll to the #anchor of a link from the home page's tiles: scroll then.
 */
function useScrollToHashWhenLoaded(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || hash.length < 2) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);
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
