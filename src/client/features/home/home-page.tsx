import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SALON_NAME } from '../../../shared/constants';
import { usePageTitle } from '../../lib/use-page-title';

export function HomePage() {
  usePageTitle('Home');
  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-title"
        py={{ base: 64, sm: 112 }}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-pink-0) 0%, var(--mantine-color-grape-0) 100%)',
        }}
      >
        <Container size="md" ta="center">
          <Title id="home-title" order={1} fz={{ base: 36, sm: 56 }} lh={1.15}>
            {SALON_NAME}
          </Title>
          <Text mt="md" fz={{ base: 'md', sm: 'lg' }} maw={560} mx="auto">
            Make up, hair styling, nail care, cosmetology and SPA procedures by specialists who
            take their time with you.
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
      {/* Category tiles, price list, testimonials, video and image grid follow in their issue. */}
    </>
  );
}
