import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminLoginPage() {
  usePageTitle('Admin login');
  return (
    <Center
      component="main"
      mih="100dvh"
      p="md"
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-pink-0) 0%, var(--mantine-color-grape-0) 100%)',
      }}
    >
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={420}>
        <Stack gap="md">
          <Title order={1} ta="center">
            Welcome Admin
          </Title>
          <Text ta="center">This page is coming soon.</Text>
          <Anchor component={Link} to="/forgot-password" ta="center">
            Forgot password
          </Anchor>
          <Anchor component={Link} to="/" ta="center" size="sm">
            Back to the salon website
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
