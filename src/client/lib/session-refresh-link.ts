// The refresh-once rule, as a tRPC link in front of the batch link: a call refused for want of a
// session (401) renews the session once and is sent again once; see sessionRefreshLink below.
import { isTRPCClientError, type OperationLink, type TRPCLink } from '@trpc/client';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import type { AppRouter } from '@/server/routers';

export type SessionKind = 'user' | 'admin';

export const REFRESH_PATHS = {
  user: 'customer.account.refresh',
  admin: 'admin.account.refresh',
} as const satisfies Record<SessionKind, string>;

/**
 * The calls that never trigger a refresh: every public procedure (login, register,
 * forgot/reset password, OTP, services, specialists, reviews, discounts, contact info, admin
 * login), both refresh calls, and the admin discounts.
 */
export function isRefreshExempt(path: string): boolean {
  return (
    path.startsWith('public.') ||
    path === REFRESH_PATHS.user ||
    path === REFRESH_PATHS.admin ||
    path.startsWith('admin.discounts.')
  );
}

/** Which session a procedure runs under: the admin's for `admin.*`, the customer's otherwise. */
export function sessionKindOf(path: string): SessionKind {
  return path.startsWith('admin.') ? 'admin' : 'user';
}

/** The session to refresh after this failure, or null when the failure is final. */
export function sessionToRefresh(path: string, error: unknown): SessionKind | null {
  if (isRefreshExempt(path) || !isUnauthorized(error)) return null;
  return sessionKindOf(path);
}

export function isUnauthorized(error: unknown): boolean {
  return isTRPCClientError<AppRouter>(error) && (error.data?.code === 'UNAUTHORIZED' || error.data?.httpStatus === 401);
}

type NextLink = Parameters<OperationLink<AppRouter>>[0]['next'];

export interface SessionRefreshLinkOptions {
  /** Called once per failed refresh: the matching client state logs out. */
  onSessionLost: (kind: SessionKind) => void;
}

/**
 * On a 401 from a procedure outside the exempt list, asks the matching refresh procedure once
 * and repeats the original call once. Calls that fail together share one refresh. When the
 * refresh fails, the session is reported lost and the call fails with its original error.
 */
export function sessionRefreshLink({ onSessionLost }: SessionRefreshLinkOptions): TRPCLink<AppRouter> {
  return () => {
    const refreshing = new Map<SessionKind, Promise<boolean>>();

    const refresh = (kind: SessionKind, next: NextLink) => {
      let pending = refreshing.get(kind);
      if (!pending) {
        pending = new Promise<boolean>((resolve) => {
          next({
            id: 0,
            type: 'mutation',
            path: REFRESH_PATHS[kind],
            input: undefined,
            context: {},
            signal: null,
          }).subscribe({
            next: () => {
              resolve(true);
            },
            error: () => {
              resolve(false);
            },
            complete: () => {
              resolve(true);
            },
          });
        }).then((renewed) => {
          refreshing.delete(kind);
          if (!renewed) onSessionLost(kind);
          return renewed;
        });
        refreshing.set(kind, pending);
      }
      return pending;
    };

    return ({ op, next }) =>
      observable((observer) => {
        let current: Unsubscribable | undefined;
        let cancelled = false;

        const attempt = (isRetry: boolean) => {
          current = next(op).subscribe({
            next: (envelope) => {
              observer.next(envelope);
            },
            complete: () => {
              observer.complete();
            },
            error: (error) => {
              const kind = isRetry ? null : sessionToRefresh(op.path, error);
              if (kind === null) {
                observer.error(error);
                return;
              }
              void refresh(kind, next).then((renewed) => {
                if (cancelled) return;
                if (renewed) attempt(true);
                else observer.error(error);
              });
            },
          });
        };

        attempt(false);
        return () => {
          cancelled = true;
          current?.unsubscribe();
        };
      });
  };
}
