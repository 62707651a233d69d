import { Badge, Button, Card, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Discount } from '@/shared/schemas/discounts';
import { formatDay } from '@/shared/time-format';
import { discountOffer } from '@/client/components/public/discount-text';
import { Columns } from '@/client/components/layout/columns';

/** The first discount running today, with its picture, on the About page. */
export function DiscountBanner({ discount }: { discount: Discount }) {
  const offer = discountOffer(discount);
  return (
    <Card component="section" aria-labelledby="about-discount-title" withBorder shadow="sm" radius="lg" padding={0}>
      <Columns cols={{ base: 1, md: 'minmax(0, 7fr) minmax(0, 5fr)' }} spacing={0}>
        <div>
          <Image
            src={discount.image.url}
            alt={`${discount.title}: ${offer}`}
            h="100%"
            mih={160}
            fit="cover"
            loading="lazy"
          />
        </div>
        <div>
          <Stack gap="xs" p={{ base: 'lg', sm: 'xl' }} h="100%" justify="center">
            <Badge variant="light" size="lg">
              Offer now on
            </Badge>
            <Title order={2} id="about-discount-title">
              {discount.title}
            </Title>
            <Text fz="xl" fw={700} c="pink.8">
              {offer}
            </Text>
            {discount.description ? <Text>{discount.description}</Text> : null}
            <Text size="sm" c="dimmed">
              Until {formatDay(discount.validTill)}
            </Text>
            <Button component={Link} to="/appointment" mt="xs" style={{ alignSelf: 'flex-start' }}>
              Book an appointment
            </Button>
          </Stack>
        </div>
      </Columns>
    </Card>
  );
}
