import { isTRPCClientError } from '@trpc/client';
import type { AppRouter } from '@/server/routers';

/**
 * The message to toast for a failed call: the server's own message when the
 * server answered, else the caller's default. Network failures and non-tRPC answers (a proxy's
 * HTML error page) carry no `data` and would otherwise show texts like "Failed to fetch".
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isTRPCClientError<AppRouter>(error) && error.data && error.message.trim() !== '') {
    return error.message;
  }
  return fallback;
}

/** A 4xx answer will not change on retry; a network blip or 5xx might. */
export function isRetryable(error: unknown): boolean {
  if (!isTRPCClientError<AppRouter>(error)) return true;
  const status = error.data?.httpStatus;
  return status === undefined || status >= 500;
}
