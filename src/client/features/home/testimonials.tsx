import { Card, Group, Rating, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { HOME_TESTIMONIALS, RATING_MAX } from '@/shared/constants';
import type { Review } from '@/shared/schemas/reviews';
import { LoadError } from '@/client/components/public/load-error';
import { trpc } from '@/client/lib/trpc';
import { PersonAvatar } from '@/client/components/person-avatar';
import { Columns } from '@/client/components/layout/columns';

const GRID_COLS = { base: 1, sm: 2, md: 3 };

/** What customers said: approved reviews only, newest first, a handful. */
export function Testimonials() {
  const reviewsQuery = trpc.public.reviews.list.useQuery(HOME_TESTIMONIALS);

  if (reviewsQuery.isPending) {
    return (
      <Columns cols={GRID_COLS} spacing="lg" aria-busy="true">
        <VisuallyHidden>Loading reviews…</VisuallyHidden>
        {Array.from({ length: 3 }, (_, index) => (
          <Card key={index} withBorder radius="md" padding="lg">
            <Skeleton h={14} />
            <Skeleton h={14} mt={8} w="80%" />
            <Group mt="lg" gap="sm">
              <Skeleton circle h={40} />
              <Skeleton h={14} w={120} />
            </Group>
          </Card>
        ))}
      </Columns>
    );
  }
  if (reviewsQuery.isError) {
    return (
      <LoadError
        title="Reviews could not be loaded"
        error={reviewsQuery.error}
        fallback="An error occurred"
        onRetry={() => void reviewsQuery.refetch()}
      />
    );
  }

  const reviews = reviewsQuery.data;
  if (reviews.length === 0) {
    return <Text ta="center">No reviews yet. Visit us and be the first to share your experience.</Text>;
  }
  // Three across when the rows come out full, else two: four reviews read better as two by two.
  const cols = { base: 1, sm: 2, md: reviews.length % 3 === 0 ? 3 : 2 };
  return (
    <Columns component="ul" cols={cols} spacing="lg">
      {reviews.map((review) => (
        <li key={review._id}>
          <TestimonialCard review={review} />
        </li>
      ))}
    </Columns>
  );
}

function TestimonialCard({ review }: { review: Review }) {
  return (
    <Card component="figure" withBorder shadow="sm" radius="md" padding="lg" h="100%" m={0}>
      <Rating
        value={review.rating}
        count={RATING_MAX}
        readOnly
        role="img"
        aria-label={`Rated ${review.rating} out of ${RATING_MAX}`}
      />
      <Text component="blockquote" mt="sm" mx={0} mb={0} style={{ flex: 1 }}>
        “{review.comment}”
      </Text>
      <Group component="figcaption" mt="lg" gap="sm" wrap="nowrap">
        <PersonAvatar person={review.user} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {review.user.fullName}
          </Text>
          <Text size="sm" c="dimmed">
            {review.service.name}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
