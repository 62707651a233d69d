import { createTRPCClient, TRPCClientError, type Operation, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '@/server/routers';
import {
  isRefreshExempt,
  sessionKindOf,
  sessionRefreshLink,
  sessionToRefresh,
  type SessionKind,
} from './session-refresh-link';

const unauthorized = () =>
  TRPCClientError.from({
    error: { code: -32001, message: 'Please login first', data: { code: 'UNAUTHORIZED', httpStatus: 401 } },
  });
const badRequest = () =>
  TRPCClientError.from({
    error: { code: -32600, message: 'Current password is incorrect', data: { code: 'BAD_REQUEST', httpStatus: 400 } },
  });

describe('which calls refresh which session', () => {
  it('refreshes the admin session for admin procedures and the customer session otherwise', () => {
    expect(sessionKindOf('admin.account.me')).toBe('admin');
    expect(sessionKindOf('admin.bookings.list')).toBe('admin');
    expect(sessionKindOf('customer.account.me')).toBe('user');
    expect(sessionKindOf('customer.bookings.create')).toBe('user');
  });

  it('exempts public procedures, both refresh calls and the admin discounts', () => {
    for (const path of [
      'public.auth.login',
      'public.auth.register',
      'public.auth.forgotPassword',
      'public.auth.resetPassword',
      'public.auth.sendOtp',
      'public.auth.verifyOtp',
      'public.adminAuth.login',
      'public.services.list',
      'public.contact.get',
      'customer.account.refresh',
      'admin.account.refresh',
      'admin.discounts.list',
      'admin.discounts.create',
    ]) {
      expect(isRefreshExempt(path), path).toBe(true);
    }
    for (const path of [
      'customer.account.me',
      'customer.account.logout',
      'admin.account.me',
      'admin.services.create',
    ]) {
      expect(isRefreshExempt(path), path).toBe(false);
    }
  });

  it('refreshes only after a 401, never after other failures', () => {
    expect(sessionToRefresh('admin.account.me', unauthorized())).toBe('admin');
    expect(sessionToRefresh('customer.account.me', unauthorized())).toBe('user');
    expect(sessionToRefresh('admin.account.changePassword', badRequest())).toBeNull();
    expect(sessionToRefresh('admin.account.me', new Error('offline'))).toBeNull();
    expect(sessionToRefresh('public.auth.login', unauthorized())).toBeNull();
    expect(sessionToRefresh('admin.discounts.list', unauthorized())).toBeNull();
  });
});

type Answer = { data: unknown } | { error: TRPCClientError<AppRouter> };

/** A pretend server: answers each call through `answer`, remembering the paths called. */
function clientWith(answer: (op: Operation, calls: string[]) => Answer | Promise<Answer>) {
  const calls: string[] = [];
  const lost: SessionKind[] = [];
  const server: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(op.path);
        void Promise.resolve(answer(op, calls)).then((result) => {
          if ('error' in result) {
            observer.error(result.error);
          } else {
            observer.next({ result: { type: 'data', data: result.data } });
            observer.complete();
          }
        });
        return () => undefined;
      });
  const client = createTRPCClient<AppRouter>({
    links: [sessionRefreshLink({ onSessionLost: (kind) => lost.push(kind) }), server],
  });
  return { client, calls, lost };
}

describe('the session refresh link', () => {
  it('refreshes once after a 401 and repeats the call', async () => {
    let refreshed = false;
    const { client, calls, lost } = clientWith((op) => {
      if (op.path === 'admin.account.refresh') {
        refreshed = true;
        return { data: { user: null } };
      }
      return refreshed ? { data: { fullName: 'Salon Admin' } } : { error: unauthorized() };
    });
    await expect(client.admin.account.me.query()).resolves.toEqual({ fullName: 'Salon Admin' });
    expect(calls).toEqual(['admin.account.me', 'admin.account.refresh', 'admin.account.me']);
    expect(lost).toEqual([]);
  });

  it('uses the customer refresh for customer procedures', async () => {
    let refreshed = false;
    const { client, calls } = clientWith((op) => {
      if (op.path === 'customer.account.refresh') {
        refreshed = true;
        return { data: { user: null } };
      }
      return refreshed ? { data: { loggedOut: true } } : { error: unauthorized() };
    });
    await client.customer.account.logout.mutate();
    expect(calls).toEqual(['customer.account.logout', 'customer.account.refresh', 'customer.account.logout']);
  });

  it('logs the matching session out and fails with the original error when the refresh fails', async () => {
    const { client, calls, lost } = clientWith(() => ({ error: unauthorized() }));
    await expect(client.customer.account.me.query()).rejects.toMatchObject({ message: 'Please login first' });
    expect(calls).toEqual(['customer.account.me', 'customer.account.refresh']);
    expect(lost).toEqual(['user']);
  });

  it('repeats a call only once, even if it fails with a 401 again', async () => {
    const { client, calls, lost } = clientWith((op) =>
      op.path === 'admin.account.refresh' ? { data: { user: null } } : { error: unauthorized() },
    );
    await expect(client.admin.account.me.query()).rejects.toBeInstanceOf(TRPCClientError);
    expect(calls).toEqual(['admin.account.me', 'admin.account.refresh', 'admin.account.me']);
    expect(lost).toEqual([]);
  });

  it('shares one refresh between calls that fail together', async () => {
    let refreshed = false;
    const { client, calls } = clientWith(async (op) => {
      if (op.path === 'admin.account.refresh') {
        await new Promise((resolve) => setTimeout(resolve, 10));
        refreshed = true;
        return { data: { user: null } };
      }
      return refreshed ? { data: op.path } : { error: unauthorized() };
    });
    const answers = await Promise.all([
      client.admin.account.me.query(),
      client.admin.account.me.query(),
      client.admin.account.me.query(),
    ]);
    expect(answers).toEqual(['admin.account.me', 'admin.account.me', 'admin.account.me']);
    expect(calls.filter((path) => path === 'admin.account.refresh')).toHaveLength(1);
  });

  it('leaves exempt calls and other failures alone', async () => {
    const { client, calls, lost } = clientWith((op) =>
      op.path === 'public.auth.login' ? { error: unauthorized() } : { error: badRequest() },
    );
    await expect(client.public.auth.login.mutate({ email: 'a@b.co', password: 'x' })).rejects.toBeInstanceOf(
      TRPCClientError,
    );
    await expect(
      client.admin.account.changePassword.mutate({ currentPassword: 'a', newPassword: 'bbbbbb' }),
    ).rejects.toMatchObject({ message: 'Current password is incorrect' });
    expect(calls).toEqual(['public.auth.login', 'admin.account.changePassword']);
    expect(lost).toEqual([]);
  });
});
