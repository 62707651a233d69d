import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { errorMessage } from './errors';

/**
 * A red toast when a query fails: the server's message, else `fallback`, as
 * `notifyError` takes them. The fixed `id` keeps it to one toast per failure, even when several
 * components share the query or StrictMode runs the effect twice.
 */
export function useErrorToast(error: unknown, fallback: string, id: string): void {
  useEffect(() => {
    if (!error) return;
    notifications.show({ id, color: 'red', message: errorMessage(error, fallback) });
  }, [error, fallback, id]);
}
