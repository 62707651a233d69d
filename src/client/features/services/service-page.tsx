import { Alert, Box, Button, Container, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { DeferredSection } from '@/client/components/deferred-section';
import { useDiscounts } from '@/client/components/public/use-discounts';
import { useErrorToast } from '@/client/lib/use-error-toast';
import { errorMessage } from '@/client/lib/errors';
import { categoryLabel } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { lazyComponent } from '@/client/lib/lazy-component';
import { usePageTitle } from '@/client/lib/use-page-title';
import { BOOKING_SECTION_ID } from '@/client/features/booking/booking-link';
import { DeferredBookingForm } from '@/client/features/booking/deferred-booking-form';
import { discountToday } from '@/shared/pricing';
import { CategoryJumpBar } from './category-jump-bar';
import { categorySectionId, groupServicesByCategory, type ServiceGroup } from './group-services';
import { ServiceCard } from './service-card';
import cardClasses from './service-card.module.css';
import classes from './service-page.module.css';
import { PUBLIC_PAGES } from '@/shared/public-pages';
import { Columns } from '@/client/components/layout/columns';
import { REVIEW_FORM_TITLE } from './review-form-title';

// The review form sits under the whole list: its code (inputs, selects, Zod) comes after it.
const ReviewForm = lazyComponent(async () => ({ Component: (await import('./review-form')).ReviewForm }));

const FETCH_ERROR_DEFAULT = 'Failed to fetch services.';
const REVIEW_SECTION_ID = 'review';
/** The review form's height as a guest sees it: one column of fields on a phone, two from `sm`. */
const REVIEW_FORM_HEIGHT = { base: 490, sm: 501 };
// Two across from `xs`; from `md` the cards lie on their side (service-card.module.css), still two.
const GRID_COLS = { base: 1, xs: 2 };
/** Cards in the first render: more than fill a large screen (and a small salon's whole list). */
const FIRST_CARDS = 12;
/** Cards added by each later render, each a short task of its own. */
const MORE_CARDS = 24;

export function ServicePage() {
  usePageTitle(PUBLIC_PAGES.services.title);
  const servicesQuery = trpc.public.services.list.useQuery();
  useErrorToast(servicesQuery.error, FETCH_ERROR_DEFAULT, 'services-fetch-error');
  const services = servicesQuery.data;
  const groups = groupServicesByCategory(services ?? []);
  // The marquee's cached list: a card shows the discount running today for its category.
  const { discounts } = useDiscounts();
  const total = groups.reduce((sum, group) => sum + group.services.length, 0);
  const shownCards = useCardsShown(total);
  const complete = services !== undefined && shownCards === total;
  // A review-request e-mail links to /service?review=<service id>#review.
  const [searchParams] = useSearchParams();
  const reviewedService = searchParams.get('review') ?? undefined;
  const reviewLinked =
    reviewedService !== undefined && (services ?? []).some((service) => service._id === reviewedService);
  useScrollToHashWhenLoaded(complete, reviewLinked ? REVIEW_SECTION_ID : undefined);
  // The first row's pictures are what a visitor looks at first: not lazy, and the first one first.
  const firstRow = groups
    .flatMap((group) => group.services)
    .slice(0, GRID_COLS.xs)
    .map((service) => service._id);
  const shownGroups = firstCards(groups, shownCards);
  // The forms wait for the whole list (or its error), so its first screen is not kept waiting.
  const listSettled = complete || servicesQuery.isError;

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Our Services</Title>
      <Text mt="sm" maw={640}>
        Everything we offer, with prices and how long each visit takes.
      </Text>

      {servicesQuery.isError ? (
        <Alert color="red" title="Services could not be loaded" mt="xl">
          <Text size="sm">{errorMessage(servicesQuery.error, FETCH_ERROR_DEFAULT)}</Text>
          <Button mt="sm" size="xs" variant="outline" color="red" onClick={() => void servicesQuery.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : services === undefined ? (
        <ServicesSkeleton />
      ) : services.length === 0 ? (
        <Text mt="xl">No services are on offer right now. Please check back soon.</Text>
      ) : (
        // One box for the bar and the list: the bar sticks while the list scrolls by, not past it.
        <div>
          <CategoryJumpBar categories={groups.map((group) => group.category)} />
          <Stack gap={48} mt="lg">
            {shownGroups.map((group) => (
              <section
                key={group.category}
                id={categorySectionId(group.category)}
                aria-labelledby={`${categorySectionId(group.category)}-title`}
                // Clear of the sticky header and jump bar when a link such as /service#category-nail-care lands here.
                className={classes.categorySection}
              >
                <Title order={2} id={`${categorySectionId(group.category)}-title`} mb="md">
                  {categoryLabel(group.category)}
                </Title>
                <Columns cols={GRID_COLS} spacing="lg">
                  {group.services.map((service) => (
                    <ServiceCard
                      key={service._id}
                      service={service}
                      discount={discountToday(discounts ?? [], service.category)}
                      priority={imagePriority(firstRow.indexOf(service._id))}
                    />
                  ))}
                </Columns>
              </section>
            ))}
          </Stack>
        </div>
      )}

      {/* Its own id (not the form's), so a card's "Book" link finds it while the form's code still loads. */}
      <Box mt={64} id={BOOKING_SECTION_ID} style={{ scrollMarginTop: 80 }}>
        <DeferredBookingForm ready={listSettled} />
      </Box>

      {/* Its own id (not the form's), so a link's scroll finds it while the form's code still loads. */}
      <Box mt={64} id={REVIEW_SECTION_ID} style={{ scrollMarginTop: 80 }}>
        <DeferredSection ready={listSettled} title={REVIEW_FORM_TITLE} placeholderHeight={REVIEW_FORM_HEIGHT}>
          <ReviewForm
            services={servicesQuery.data ?? []}
            servicesLoading={servicesQuery.isPending}
            linkedService={reviewedService}
          />
        </DeferredSection>
      </Box>
    </Container>
  );
}

/**
 * How many of `total` service cards to render: the first few at once, then more in later
 * renders, each in a transition. Rendering a long list (a salon chain's 200 services) at once
 * keeps a phone's main thread busy for a second, and the page frozen with it.
 */
function useCardsShown(total: number): number {
  const [shown, setShown] = useState(FIRST_CARDS);
  useEffect(() => {
    if (shown >= total) return;
    // A timer, not this effect itself, so the browser paints and handles input in between.
    const timer = window.setTimeout(() => {
      startTransition(() => {
        setShown((count) => count + MORE_CARDS);
      });
    }, 0);
    return () => {
      window.clearTimeout(timer);
    };
  }, [shown, total]);
  return Math.min(shown, total);
}

/** The first `count` cards in page order, by category; categories with none left out. */
function firstCards(groups: readonly ServiceGroup[], count: number): ServiceGroup[] {
  const shown: ServiceGroup[] = [];
  let left = count;
  for (const group of groups) {
    if (left <= 0) break;
    shown.push({ ...group, services: group.services.slice(0, left) });
    left -= group.services.length;
  }
  return shown;
}

/** The first card's picture is fetched first, the rest of the first row without waiting for layout. */
function imagePriority(indexInFirstRow: number): 'high' | 'eager' | undefined {
  if (indexInFirstRow === 0) return 'high';
  return indexInFirstRow > 0 ? 'eager' : undefined;
}

/**
 * The category sections exist only once the services have arrived, after the router has already
 * tried to scroll to the #anchor of a link from the home page's tiles: scroll then. Without a
 * #anchor, `fallbackId` (the review form, for a review link whose anchor was lost) is the target.
 */
function useScrollToHashWhenLoaded(loaded: boolean, fallbackId: string | undefined) {
  const { hash } = useLocation();
  const target = hash.length >= 2 ? decodeURIComponent(hash.slice(1)) : fallbackId;
  useEffect(() => {
    if (!loaded || !target) return;
    document.getElementById(target)?.scrollIntoView();
  }, [loaded, target]);
}

function ServicesSkeleton() {
  return (
    <div aria-busy="true">
      <VisuallyHidden>Loading services…</VisuallyHidden>
      <Skeleton h={32} w={200} mt="xl" mb="md" />
      <Columns cols={GRID_COLS} spacing="lg">
        {Array.from({ length: 6 }, (_, index) => (
          // The card's own layout (service-card.module.css), so nothing moves when the cards arrive.
          <Paper key={index} withBorder radius="md" className={cardClasses.card}>
            <Skeleton radius={0} className={cardClasses.media} />
            <div className={cardClasses.body}>
              <Skeleton h={20} w="70%" />
              <Skeleton h={14} mt="sm" w="30%" />
              <Skeleton h={14} mt="sm" />
              <Skeleton h={14} mt={6} w="85%" />
              <Skeleton h={36} mt="lg" w="40%" />
            </div>
          </Paper>
        ))}
      </Columns>
    </div>
  );
}
