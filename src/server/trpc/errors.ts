import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { InvalidFields, SalonError, type FieldError, type SalonErrorKind } from '@/server/errors';

export type { FieldError };

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

/** Each kind of the salon's errors (server/errors.ts) answered with its tRPC code, in one place. */
const CODE_OF_KIND: Record<SalonErrorKind, TRPC_ERROR_CODE_KEY> = {
  invalid: 'BAD_REQUEST',
  'invalid-fields': 'BAD_REQUEST',
  'not-signed-in': 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  'file-too-large': 'PAYLOAD_TOO_LARGE',
  'unsupported-file': 'UNSUPPORTED_MEDIA_TYPE',
  'too-many-requests': 'TOO_MANY_REQUESTS',
};

/** A salon error as tRPC carries it: its code, its message, and itself as the cause (for the fields). */
export function toTRPCError(error: SalonError): TRPCError {
  return new TRPCError({ code: CODE_OF_KIND[error.kind], message: error.message, cause: error });
}

/**
 * The one mapping from a thrown error to what the outside sees, used by both `/trpc` and
 * `/api/v1`: validation errors carry the schema's field messages, 5xx never carry their cause.
 */
export function toPublicError(error: unknown): PublicError {
  if (error instanceof SalonError) return toPublicError(toTRPCError(error));
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    if (error.cause instanceof ZodError) {
      const errors = fieldErrorsOf(error.cause);
      return { status, message: errors[0]?.message ?? 'Invalid input', errors };
    }
    if (error.cause instanceof InvalidFields) return { status, message: error.message, errors: error.cause.fields };
    if (status >= 500) return { status, message: GENERIC_ERROR_MESSAGE, errors: [] };
    return { status, message: error.message, errors: [] };
  }
  if (error instanceof ZodError) {
    const errors = fieldErrorsOf(error);
    return { status: 400, message: errors[0]?.message ?? 'Invalid input', errors };
  }
  return { status: 500, message: GENERIC_ERROR_MESSAGE, errors: [] };
}
