import type { FormErrors } from '@mantine/form';
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

/** The part of a Mantine form that takes the server's field messages. */
export interface FieldErrorsTarget {
  setErrors: (errors: FormErrors) => void;
}

/**
 * Puts a refused call's field messages under the form's fields (clearing the form's own messages
 * when the server sent none). `toFormErrors` renames the server's paths for forms whose fields
 * are laid out differently from the call's input.
 */
export function showServerFieldErrors(
  form: FieldErrorsTarget,
  error: unknown,
  toFormErrors: (errors: Record<string, string>) => FormErrors = (errors) => errors,
): void {
  form.setErrors(toFormErrors(serverFieldErrors(error)));
}
