import { describe, expect, it } from 'vitest';
import { createUserAuthStore, type UserAccount } from './user-auth-store';

const clara: UserAccount = {
  _id: 'u1',
  fullName: 'Clara Demo',
  email: 'clara@salon.test',
  phone: '9000000001',
  avatar: { url: 'http://localhost/uploads/clara.webp' },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the customer session store', () => {
  it('starts with nobody logged in and status idle', () => {
    expect(createUserAuthStore().getState()).toEqual({ user: null, isAuthenticated: false, status: 'idle' });
  });

  it('is loading while the current user is fetched, then holds the user', async () => {
    const store = createUserAuthStore();
    const me = deferred<UserAccount>();
    const loaded = store.load(() => me.promise);
    expect(store.getState().status).toBe('loading');
    me.resolve(clara);
    await loaded;
    expect(store.getState()).toEqual({ user: clara, isAuthenticated: true, status: 'succeeded' });
  });

  it('clears the user when the fetch fails, a 401 included', async () => {
    const store = createUserAuthStore();
    await store.load(() => Promise.reject(new Error('UNAUTHORIZED')));
    expect(store.getState()).toEqual({ user: null, isAuthenticated: false, status: 'failed' });
  });

  it('fetches only once per page load', async () => {
    const store = createUserAuthStore();
    let calls = 0;
    const fetchMe = () => {
      calls++;
      return Promise.resolve(clara);
    };
    await Promise.all([store.load(fetchMe), store.load(fetchMe)]);
    await store.load(fetchMe);
    expect(calls).toBe(1);
  });

  it('stores the user and marks them authenticated on setCredentials', () => {
    const store = createUserAuthStore();
    store.setCredentials(clara);
    expect(store.getState()).toMatchObject({ user: clara, isAuthenticated: true });
  });

  it('clears the user, marks unauthenticated and sets status failed on logout', async () => {
    const store = createUserAuthStore();
    await store.load(() => Promise.resolve(clara));
    store.logout();
    expect(store.getState()).toEqual({ user: null, isAuthenticated: false, status: 'failed' });
  });

  it('keeps a login that happens while the first fetch is still answering "nobody"', async () => {
    const store = createUserAuthStore();
    const me = deferred<UserAccount>();
    const loaded = store.load(() => me.promise);
    store.setCredentials(clara);
    me.reject(new Error('UNAUTHORIZED'));
    await loaded;
    expect(store.getState()).toEqual({ user: clara, isAuthenticated: true, status: 'succeeded' });
  });

  it('tells subscribers about every change', () => {
    const store = createUserAuthStore();
    const seen: boolean[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().isAuthenticated));
    store.setCredentials(clara);
    store.logout();
    unsubscribe();
    store.setCredentials(clara);
    expect(seen).toEqual([true, false]);
  });
});
