import { notifications } from '@mantine/notifications';
import { errorMessage } from './errors';

/** A green toast with a success message. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message });
}

/** A red toast: the server's message when it sent one, else the caller's default. */
export function notifyError(error: unknown, fallback: string): void {
  notifications.show({ color: 'red', message: errorMessage(error, fallback) });
}

/** A red toast with a message the client decided on. */
export function notifyProblem(message: string): void {
  notifications.show({ color: 'red', message });
}
