import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { errorMessage } from '@/client/lib/errors';

/**
 * A red toast when a query fails (spec section 8: the server's message, else the default). The
 * fixed id keeps it to one toast per failure, even when several components share the query or
 * StrictMode runs the effect twice.
 */
export function useErrorToast(error: unknown, id: string, fallback: string): void {
  useEffect(() => {
    if (!error) return;
    notifications.show({ id, color: 'red', message: errorMessage(error, fallback) });
  }, [error, id, fallback]);
}
