import { Button, Group, Image, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Discount } from '@/shared/schemas/discounts';
import type { Service } from '@/shared/schemas/services';
import { priceAfterDiscount } from '@/shared/pricing';
import { formatDuration, formatPrice } from '@/client/lib/format';
import { bookServiceLink } from '@/client/features/booking/booking-link';
import classes from './service-card.module.css';

/**
 * `priority`: "high" for the picture likely to be the largest thing on the first screen (fetched
 * at once and first), "eager" for the rest of the first row; others load as they near the window.
 * `discount`: the one running today for the service's category (pricing.ts), if any.
 */
export function ServiceCard({
  service,
  discount,
  priority,
}: {
  service: Service;
  discount?: Pick<Discount, 'title' | 'percentage'> | undefined;
  priority?: 'high' | 'eager' | undefined;
}) {
  return (
    <Paper component="article" withBorder shadow="sm" radius="md" className={classes.card}>
      <div className={classes.media}>
        <Image
          src={service.image.url}
          alt={service.name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority === 'high' ? 'high' : undefined}
        />
      </div>

      <div className={classes.body}>
        <Title order={3} fz="lg" lh={1.3}>
          {service.name}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {formatDuration(service.duration)}
        </Text>
        <Text size="sm" mt="sm">
          {service.description}
        </Text>

        {/* At the card's foot (a flex column), so prices and buttons line up across a row. */}
        <div className={classes.foot}>
          {discount ? (
            <Text size="sm" fw={600} c="pink.8">
              −{discount.percentage}% · {discount.title}
            </Text>
          ) : null}
          <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
            <Group gap={8} align="baseline" wrap="nowrap">
              <Text fz="xl" fw={700} c="pink.8" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
                {formatPrice(priceAfterDiscount(service.price, discount?.percentage))}
              </Text>
              {discount ? (
                <>
                  <VisuallyHidden>instead of</VisuallyHidden>
                  <Text component="s" size="sm" c="dimmed" td="line-through">
                    {formatPrice(service.price)}
                  </Text>
                </>
              ) : null}
            </Group>
            {/* The name says which service: a list of links all called "Book" tells a screen reader nothing. */}
            <Button component={Link} to={bookServiceLink(service._id)} aria-label={`Book ${service.name}`} flex="none">
              Book
            </Button>
          </Group>
        </div>
      </div>
    </Paper>
  );
}
