import { Container, Stack, Text, Title } from '@mantine/core';
import { SALON_NAME } from '@/shared/constants';
import { useDiscounts } from '@/client/components/public/use-discounts';
import { usePageTitle } from '@/client/lib/use-page-title';
import { DiscountBanner } from './discount-banner';
import { TeamSection } from './team-section';
import { ServerHtml } from '@/client/components/server-html';
import { PUBLIC_PAGES } from '@/shared/public-pages';

export function AboutPage() {
  usePageTitle(PUBLIC_PAGES.about.title);
  const { discounts } = useDiscounts();
  // The banner shows the first discount running today, not one that starts later.
  const activeDiscount = discounts?.find((discount) => discount.isActive);

  // The text and the team keep the server's markup (decision 0046); the banner follows today's
  // discounts, as the one above the header does, and stays live.
  return (
    <Container size="lg" py="xl">
      <Stack gap={48}>
        <ServerHtml>
          <section aria-labelledby="about-title">
            <Title order={1} id="about-title">
              About Us
            </Title>
            <Stack gap="sm" mt="md" maw={720}>
              <Text fz="lg">
                {SALON_NAME} began as a two-chair studio with one simple idea: beauty care should feel unhurried,
                personal and kind.
              </Text>
              <Text>
                Today our specialists look after make up, hair styling, nail care, cosmetology and SPA procedures under
                one roof. We take time to listen before we start, use products we trust on our own skin and hair, and
                keep every visit calm, from the first cup of tea to the last look in the mirror.
              </Text>
            </Stack>
          </section>
        </ServerHtml>

        {activeDiscount ? <DiscountBanner discount={activeDiscount} /> : null}

        <ServerHtml>
          <TeamSection />
        </ServerHtml>
      </Stack>
    </Container>
  );
}
