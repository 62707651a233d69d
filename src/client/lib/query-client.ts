import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './errors';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Salon data changes rarely; this avoids refetching on every tab switch.
        staleTime: 30_000,
        // One retry smooths over a dropped connection without keeping the user waiting long.
        retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
      },
    },
  });
}
