import type { FieldError } from '@/server/trpc/errors';

/** CONTRACT section 4: the body of every `/api/v1` answer. */
export interface SuccessEnvelope<T> {
  statusCode: number;
  data: T;
  message: string;
  success: true;
}

export interface ErrorEnvelope {
  statusCode: number;
  data: null;
  message: string;
  success: false;
  errors: FieldError[];
}

export function successEnvelope<T>(statusCode: number, data: T, message: string): SuccessEnvelope<T> {
  return { statusCode, data, message, success: true };
}

export function errorEnvelope(statusCode: number, message: string, errors: FieldError[] = []): ErrorEnvelope {
  return { statusCode, data: null, message, success: false, errors };
}
