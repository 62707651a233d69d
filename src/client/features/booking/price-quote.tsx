import { Group, Text } from '@mantine/core';
import { discountOn, priceAfterDiscount } from '@/shared/pricing';
import { formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';

/**
 * What the chosen service costs on the chosen day, before the customer books: the
 * service's price, and with a discount running for its category that day, the reduced price and
 * the discount. The same rule (shared/pricing.ts) sets the price the booking stores.
 */
export function PriceQuote({ serviceName, day }: { serviceName: string; day: string }) {
  const servicesQuery = trpc.public.services.list.useQuery();
  const discountsQuery = trpc.public.discounts.list.useQuery();
  const service = (servicesQuery.data ?? []).find((candidate) => candidate.name === serviceName);
  if (!service) return null;
  const discount = day === '' ? undefined : discountOn(discountsQuery.data ?? [], service.category, day);
  const price = priceAfterDiscount(service.price, discount?.percentage);

  return (
    <Group gap="xs" aria-live="polite" data-testid="price-quote">
      <Text size="sm" c="dimmed">
        Price
      </Text>
      {discount ? (
        <>
          <Text fw={700}>{formatPrice(price)}</Text>
          <Text size="sm" c="dimmed" td="line-through" aria-label={`instead of ${formatPrice(service.price)}`}>
            {formatPrice(service.price)}
          </Text>
          {/* Text, not a Badge: the public pages need no extra component for it. */}
          <Text size="sm" fw={600} c="pink.8">
            {discount.title}: {discount.percentage}% off on this day
          </Text>
        </>
      ) : (
        <Text fw={700}>{formatPrice(price)}</Text>
      )}
    </Group>
  );
}
