import { Button, Group, Stack, Text } from '@mantine/core';
import { errorMessage } from '@/client/lib/errors';

/**
 * What a back-office card or list shows when its data could not be loaded: the reason, in red, and
 * Try again (which loads it again). A card has them on one line; a list (`centered`) in the middle
 * of its box, one under the other.
 */
export function AdminLoadError({
  error,
  fallback,
  onRetry,
  centered = false,
}: {
  error: unknown;
  /** The message when the error has none of its own to show. */
  fallback: string;
  onRetry: () => void;
  centered?: boolean;
}) {
  const message = (
    <Text size="sm" c="red.8" ta={centered ? 'center' : undefined}>
      {errorMessage(error, fallback)}
    </Text>
  );
  const retry = (
    <Button size="compact-sm" variant="outline" onClick={onRetry}>
      Try again
    </Button>
  );
  return centered ? (
    <Stack align="center" gap="xs">
      {message}
      {retry}
    </Stack>
  ) : (
    <Group justify="space-between" gap="sm">
      {message}
      {retry}
    </Group>
  );
}
