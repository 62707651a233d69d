import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SALON_NAME } from '@/shared/constants';
import { usePageTitle } from '@/client/lib/use-page-title';
import { CategoryTiles } from './category-tiles';
import classes from './home.module.css';
import { PriceList } from './price-list';
import { SalonVideo } from './salon-video';
import { StudioGallery } from './studio-gallery';
import { Testimonials } from './testimonials';
import { ServerHtml } from '@/client/components/server-html';
import { PUBLIC_PAGES } from '@/shared/public-pages';

export function HomePage() {
  usePageTitle(PUBLIC_PAGES.home.title);
  // What never changes keeps the server's markup (decision 0046); the prices follow today's
  // discounts, as the banner above does, and stay live.
  return (
    <>
      <ServerHtml>
        <Box
          component="section"
          aria-labelledby="home-title"
          py={{ base: 64, sm: 112 }}
          style={{
            background: 'linear-gradient(135deg, var(--mantine-color-pink-0) 0%, var(--mantine-color-grape-0) 100%)',
          }}
        >
          <Container size="md" ta="center">
            <Title id="home-title" order={1} fz={{ base: 36, sm: 56 }} lh={1.15}>
              {SALON_NAME}
            </Title>
            <Text mt="md" fz={{ base: 'md', sm: 'lg' }} maw={560} mx="auto">
              Make up, hair styling, nail care, cosmetology and SPA procedures by specialists who take their time with
              you.
            </Text>
            <Group justify="center" mt="xl">
              <Button component={Link} to="/appointment" size="lg">
                Book an appointment
              </Button>
              <Button component={Link} to="/service" size="lg" variant="outline">
                See our services
              </Button>
            </Group>
          </Container>
        </Box>

        <HomeSection id="home-categories" title="What we do" intro="Pick a category to see its services and prices.">
          <CategoryTiles />
        </HomeSection>
      </ServerHtml>

      <HomeSection id="home-prices" title="Prices" intro="A first idea of what a visit costs." tinted>
        <PriceList />
      </HomeSection>

      <ServerHtml>
        <HomeSection id="home-testimonials" title="What our clients say">
          <Testimonials />
        </HomeSection>

        <HomeSection
          id="home-video"
          title="A look inside"
          intro="A few quiet seconds of what we do, no sound needed."
          tinted
        >
          <Box maw={720} mx="auto">
            <SalonVideo />
          </Box>
        </HomeSection>

        <HomeSection id="home-gallery" title="From our studio" intro="Moments we love, Instagram style.">
          <Box maw={900} mx="auto">
            <StudioGallery />
          </Box>
        </HomeSection>
      </ServerHtml>
    </>
  );
}

function HomeSection({
  id,
  title,
  intro,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className={tinted ? `${classes.section} ${classes.tinted}` : classes.section}>
      <Container size="lg">
        <Title order={2} id={headingId} ta="center">
          {title}
        </Title>
        {intro ? (
          <Text ta="center" mt="xs" mb="xl" c="dimmed">
            {intro}
          </Text>
        ) : (
          <Box mb="xl" />
        )}
        {children}
      </Container>
    </section>
  );
}
