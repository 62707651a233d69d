import { Group, Paper, Stack, Text } from '@mantine/core';
import { ANY_SPECIALIST } from '@/shared/constants';
import { discountOn, priceAfterDiscount } from '@/shared/pricing';
import { formatClock } from '@/shared/time-format';
import { formatDuration, formatPrice } from '@/client/lib/format';
import { trpc } from '@/client/lib/trpc';
import { planVisit, type VisitLine } from './booking-format';

/**
 * What the chosen service costs on the chosen day, before the customer books: the chosen
 * specialist's price for it (their own, else the service's; "from" the lowest with any specialist
 * where theirs differ), and with a discount running for its category that day, the reduced price
 * and the discount. The same rule (shared/pricing.ts) sets the price the booking stores.
 */
export function PriceQuote({ serviceName, specialist, day }: { serviceName: string; specialist: string; day: string }) {
  const servicesQuery = trpc.public.services.list.useQuery();
  const specialists = trpc.public.specialists.list.useQuery().data ?? [];
  const discountsQuery = trpc.public.discounts.list.useQuery();
  const services = servicesQuery.data ?? [];
  const service = services.find((candidate) => candidate.name === serviceName);
  const [quoted] = planVisit([{ service: serviceName, specialist }], services, specialists, '', ANY_SPECIALIST);
  if (!service || !quoted) return null;
  const discount = day === '' ? undefined : discountOn(discountsQuery.data ?? [], service.category, day);
  const price = priceAfterDiscount(quoted.price, discount?.percentage);
  const from = quoted.varies ? 'from ' : '';

  return (
    <Group gap="xs" aria-live="polite" data-testid="price-quote">
      <Text size="sm" c="dimmed">
        Price
      </Text>
      {discount ? (
        <>
          <Text fw={700}>
            {from}
            {formatPrice(price)}
          </Text>
          <Text size="sm" c="dimmed" td="line-through" aria-label={`instead of ${formatPrice(quoted.price)}`}>
            {formatPrice(quoted.price)}
          </Text>
          {/* Text, not a Badge: the public pages need no extra component for it. */}
          <Text size="sm" fw={600} c="pink.8">
            {discount.title}: {discount.percentage}% off on this day
          </Text>
        </>
      ) : (
        <Text fw={700}>
          {from}
          {formatPrice(price)}
        </Text>
      )}
    </Group>
  );
}

/**
 * The visit as the form can tell it before booking: each service in order with its start (once a
 * time is chosen), its specialist, its length (and processing time) and its price on the chosen
 * day, then the total length and price. With "any specialist" where those who offer a service
 * differ, its price and length are the lowest and read "from".
 */
export function VisitQuote({ lines, start, day }: { lines: readonly VisitLine[]; start: string; day: string }) {
  const services = trpc.public.services.list.useQuery().data ?? [];
  const specialists = trpc.public.specialists.list.useQuery().data ?? [];
  const discounts = trpc.public.discounts.list.useQuery().data ?? [];
  const items = planVisit(lines, services, specialists, start, ANY_SPECIALIST).map((item) => {
    const category = services.find((service) => service.name === item.service)?.category ?? '';
    const discount = day === '' ? undefined : discountOn(discounts, category, day);
    return { ...item, price: priceAfterDiscount(item.price, discount?.percentage) };
  });
  if (items.length === 0) return null;
  const totalMinutes = items.reduce((sum, item) => sum + item.minutes + item.processingMinutes, 0);
  const totalCents = items.reduce((sum, item) => sum + Math.round(item.price * 100), 0);
  const from = items.some((item) => item.varies) ? 'from ' : '';

  return (
    <Paper withBorder radius="md" p="sm" aria-live="polite" data-testid="visit-quote">
      <Text size="sm" fw={600} mb={6}>
        Your visit
      </Text>
      <Stack gap={6}>
        {items.map((item, index) => (
          <Group key={`${String(index)}-${item.service}`} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm">
                {item.start ? (
                  <Text span inherit fw={600}>
                    {formatClock(item.start)}{' '}
                  </Text>
                ) : null}
                {item.service}
              </Text>
              <Text size="xs" c="dimmed">
                {item.specialist === ANY_SPECIALIST ? 'Any specialist' : item.specialist} · {item.varies ? 'from ' : ''}
                {formatDuration(item.minutes)}
                {item.processingMinutes > 0 ? `, then ${formatDuration(item.processingMinutes)} processing` : ''}
              </Text>
            </div>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {item.varies ? 'from ' : ''}
              {formatPrice(item.price)}
            </Text>
          </Group>
        ))}
        <Group justify="space-between" pt={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="sm" c="dimmed">
            Total: {from}
            {formatDuration(totalMinutes)}
          </Text>
          <Text fw={700}>
            {from}
            {formatPrice(totalCents / 100)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
