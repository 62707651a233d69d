import type { FieldError } from '@/server/trpc/errors';

/** The body of every `/api/v1` answer (README "For developers: the API"). */
export interface SuccessEnvelope<T> {
  statusCode: number;
  data: T;
  message: string;
  success: true;
  /** Figures about `data` (a page's total), on the paths that say so. */
  meta?: Record<string, unknown>;
}

export interface ErrorEnvelope {
  statusCode: number;
  data: null;
  message: string;
  success: false;
  errors: FieldError[];
}

export function successEnvelope<T>(
  statusCode: number,
  data: T,
  message: string,
  meta?: Record<string, unknown>,
): SuccessEnvelope<T> {
  return meta === undefined
    ? { statusCode, data, message, success: true }
    : { statusCode, data, message, success: true, meta };
}

export function errorEnvelope(statusCode: number, message: string, errors: FieldError[] = []): ErrorEnvelope {
  return { statusCode, data: null, message, success: false, errors };
}
