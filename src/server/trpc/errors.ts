import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';

/** One field's complaint, as the REST envelope's `errors` and tRPC's `data.fieldErrors` carry it. */
export interface FieldError {
  path: string;
  message: string;
}

export interface PublicError {
  status: number;
  message: string;
  errors: FieldError[];
}

/** What a client may see of an internal failure: nothing of its cause. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred';

export function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** The cause of a refusal by a rule outside the schemas: the fields and their messages. */
class InvalidFieldsError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((error) => `${error.path}: ${error.message}`).join('; '));
    this.name = 'InvalidFieldsError';
  }
}

/**
 * Invalid input found by a rule a schema cannot check alone (one that needs the database or the
 * salon's time zone): answered like a schema's own refusal, 400 with the fields' messages.
 */
export function invalidFields(errors: [FieldError, ...FieldError[]]): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: errors[0].message, cause: new InvalidFieldsError(errors) });
}

/**
 * The one mapping from a thrown error to what the outside sees, used by both `/trpc` and
 * `/api/v1`: validation errors carry the schema's field messages, 5xx never carry their cause.
 */
export function toPublicError(error: unknown): PublicError {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.cause instanceof ZodError) {
      const errors = fieldErrorsOf(error.cause);
      return { status, message: errors[0]?.message ?? 'Invalid input', errors };
    }
    if (error.cause instanceof InvalidFieldsError) return { status, message: error.message, errors: error.cause.errors };
    if (status >= 500) return { status, message: GENERIC_ERROR_MESSAGE, errors: [] };
    return { status, message: error.message, errors: [] };
  }
  if (error instanceof ZodError) {
    const errors = fieldErrorsOf(error);
    return { status: 400, message: errors[0]?.message ?? 'Invalid input', errors };
  }
  return { status: 500, message: GENERIC_ERROR_MESSAGE, errors: [] };
}
