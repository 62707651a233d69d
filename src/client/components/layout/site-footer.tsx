import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { SALON_NAME } from '@/shared/constants';
import classes from './public-layout.module.css';

export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={4}>
            <Text fw={700} ff="heading" fz="lg" c="pink.8">
              {SALON_NAME}
            </Text>
            <Text size="sm">Make up, hair styling, nail care, cosmetology and SPA procedures.</Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>Opening hours</Text>
            <Text size="sm">Mon–Sat 9:00–20:00</Text>
          </Stack>
          <Text size="sm">
            © {new Date().getFullYear()} {SALON_NAME}. All rights reserved.
          </Text>
        </SimpleGrid>
      </Container>
    </footer>
  );
}
