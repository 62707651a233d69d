import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { errorMessage } from '@/client/lib/errors';

/**
 * A red toast when a list fails to load (spec section 8): the server's message or the default.
 * The fixed id keeps it to one toast per failure, even when the effect runs twice (StrictMode).
 */
export function useQueryErrorToast(error: unknown, fallback: string, id: string): void {
  useEffect(() => {
    if (!error) return;
    notifications.show({ id, color: 'red', message: errorMessage(error, fallback) });
  }, [error, fallback, id]);
}
