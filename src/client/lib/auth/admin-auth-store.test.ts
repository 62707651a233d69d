import { describe, expect, it } from 'vitest';
import { createAdminAuthStore, type AdminAccount } from './admin-auth-store';

const rosa: AdminAccount = {
  _id: 'a1',
  fullName: 'Salon Admin',
  email: 'admin@salon.test',
  phone: '9000000000',
  secondaryPhone: null,
  address: '1 Rose Street',
  location: { lat: 12.97, lng: 77.59 },
  avatar: null,
  role: 'owner',
  specialistId: null,
};

describe('the admin session store', () => {
  it('starts not initialized, with no admin', () => {
    expect(createAdminAuthStore().getState()).toEqual({ admin: null, isAuthenticated: false, initialized: false });
  });

  it('stores the admin, marks authenticated and initialized on setCredentials', () => {
    const store = createAdminAuthStore();
    store.setCredentials(rosa);
    expect(store.getState()).toEqual({ admin: rosa, isAuthenticated: true, initialized: true });
  });

  it('clears the admin, marks unauthenticated and initialized on logout', () => {
    const store = createAdminAuthStore();
    store.setCredentials(rosa);
    store.logout();
    expect(store.getState()).toEqual({ admin: null, isAuthenticated: false, initialized: true });
  });

  it('is hydrated as logged in when the current admin is fetched', async () => {
    const store = createAdminAuthStore();
    await store.load(() => Promise.resolve(rosa));
    expect(store.getState()).toEqual({ admin: rosa, isAuthenticated: true, initialized: true });
  });

  it('is hydrated as logged out when the fetch fails with a 401', async () => {
    const store = createAdminAuthStore();
    await store.load(() => Promise.reject(new Error('UNAUTHORIZED')));
    expect(store.getState()).toEqual({ admin: null, isAuthenticated: false, initialized: true });
  });

  it('fetches once, and not at all once a login or logout has settled the session', async () => {
    const store = createAdminAuthStore();
    let calls = 0;
    const fetchMe = () => {
      calls++;
      return Promise.resolve(rosa);
    };
    await Promise.all([store.load(fetchMe), store.load(fetchMe)]);
    expect(calls).toBe(1);
    const other = createAdminAuthStore();
    other.logout();
    await other.load(fetchMe);
    expect(calls).toBe(1);
    expect(other.getState().isAuthenticated).toBe(false);
  });

  it('keeps a logout that happens while the fetch is still on its way', async () => {
    const store = createAdminAuthStore();
    let answer!: (admin: AdminAccount) => void;
    const loaded = store.load(() => new Promise<AdminAccount>((resolve) => (answer = resolve)));
    store.logout();
    answer(rosa);
    await loaded;
    expect(store.getState()).toEqual({ admin: null, isAuthenticated: false, initialized: true });
  });
});
