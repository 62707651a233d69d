import { isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/routers';

/**
 * The field messages of a refused call (the server's `data.fieldErrors`), keyed by field path,
 * so a form can show them under its fields as well as in the toast: a rule only the server can
 * check (today in the salon's time zone, a service that was removed meanwhile) lands where it belongs.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isTRPCClientError<AppRouter>(error)) return {};
  const errors: Record<string, string> = {};
  for (const { path, message } of error.data?.fieldErrors ?? []) {
    if (path && !(path in errors)) errors[path] = message;
  }
  return errors;
}
