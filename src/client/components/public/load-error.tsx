import { Alert, Button, Text } from '@mantine/core';
import { errorMessage } from '@/client/lib/errors';

/** What a section shows instead of its content when its data could not be loaded. */
export function LoadError({
  title,
  error,
  fallback,
  onRetry,
}: {
  title: string;
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" title={title} mt="md">
      <Text size="sm">{errorMessage(error, fallback)}</Text>
      <Button mt="sm" size="xs" variant="outline" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
