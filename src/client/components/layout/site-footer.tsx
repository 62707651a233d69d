import { Container, Skeleton, Stack, Text } from '@mantine/core';
import { SALON_NAME } from '@/shared/constants';
import { formatOpeningHours } from '@/shared/opening-hours';
import { trpc } from '@/client/lib/trpc';
import classes from './public-layout.module.css';
import { Columns } from './columns';

export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <Columns cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={4}>
            <Text fw={700} ff="heading" fz="lg" c="pink.8">
              {SALON_NAME}
            </Text>
            <Text size="sm">Make up, hair styling, nail care, cosmetology and SPA procedures.</Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>Opening hours</Text>
            <OpeningHoursLine />
          </Stack>
          <Text size="sm">
            © {new Date().getFullYear()} {SALON_NAME}. All rights reserved.
          </Text>
        </Columns>
      </Container>
    </footer>
  );
}

/**
 * The salon's week in one line, from the same query /contact reads (rendered from the query's data
 * alone, so a server-rendered page and its hydration agree). Nothing is shown when it cannot load:
 * a guess at the hours would be worse than none.
 */
function OpeningHoursLine() {
  const hoursQuery = trpc.public.salon.openingHours.useQuery();
  if (hoursQuery.isPending)
    return <Skeleton height={14} width={200} mt={4} radius="sm" aria-label="Loading opening hours" />;
  if (hoursQuery.isError) return null;
  return (
    <Text size="sm" data-testid="footer-opening-hours">
      {formatOpeningHours(hoursQuery.data.days)}
    </Text>
  );
}
