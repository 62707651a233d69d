// Settings > Salon details (the address in parts) and Your profile, apart; and PATCH /admin/update,
// the spec's one form for both, which must keep working as before.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { admins } from '@/server/db/schema';
import type { TestEnvironment } from '@/server/test/test-db';
import { signedIn } from '@/server/test/catalogue';
import { useTestApp } from '@/server/test/app';
import { TestClient } from '@/server/test/http';

const details = {
  contactEmail: 'desk@rose.test',
  phone: '9000000001',
  secondaryPhone: '',
  street: '12 Rose Street, Bandra West',
  city: 'Mumbai',
  postalCode: '400050',
  country: 'India',
  latitude: 19.0596,
  longitude: 72.8295,
};

describe('the salon details, apart from the admin profile', () => {
  let app: FastifyInstance;
  let env: TestEnvironment;
  const salon = useTestApp();
  beforeAll(() => {
    ({ app, env } = salon);
  });
  const contactInfo = async () => (await new TestClient(app).rest('GET', '/contact-info')).body.data;
  /** PATCH /admin/update (the spec's one form, from before the parts) with `address`; the salon details after. */
  const sendLine = async (admin: Awaited<ReturnType<typeof signedIn>>, address: string) => {
    const form = new FormData();
    const fields = { fullName: 'Rosa Owner', phone: '9000000001', address, latitude: '19.0596', longitude: '72.8295' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    expect((await admin.rest('PATCH', '/admin/update', form)).status).toBe(200);
    return (await admin.trpc('query', 'admin.salonDetails.get')).data;
  };

  it('reads a free-text address from before the parts as the street', async () => {
    const admin = await signedIn(app, 'admin');
    const view = await admin.trpc<{ street: string; city: string }>('query', 'admin.salonDetails.get');
    const contact = (await contactInfo()) as { address: string };
    expect(view.data).toMatchObject({ street: contact.address, city: '', postalCode: '', country: '' });
  });

  it('saves the address in parts and publishes them as one line', async () => {
    const admin = await signedIn(app, 'admin');
    const saved = await admin.trpc('mutation', 'admin.salonDetails.update', details);
    expect(saved.error).toBeUndefined();
    expect(saved.data).toMatchObject({
      street: details.street,
      city: 'Mumbai',
      postalCode: '400050',
      country: 'India',
    });
    expect(await contactInfo()).toEqual({
      address: '12 Rose Street, Bandra West, Mumbai 400050, India',
      email: 'desk@rose.test',
      phone: '9000000001',
      secondaryPhone: null,
      location: { lat: 19.0596, lng: 72.8295 },
    });
    // /admin/me has always carried the salon's address and position: it still does.
    const me = await admin.rest<{ address: string }>('GET', '/admin/me');
    expect(me.body.data.address).toBe('12 Rose Street, Bandra West, Mumbai 400050, India');
  });

  it('refuses a part over its limit or a malformed postal code, naming it, and allows a blank one', async () => {
    const admin = await signedIn(app, 'admin');
    const bad = await admin.trpc('mutation', 'admin.salonDetails.update', { ...details, postalCode: '40#050' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain('A postal code has only letters and digits');
    const long = await admin.trpc('mutation', 'admin.salonDetails.update', { ...details, city: 'x'.repeat(81) });
    expect(long.status).toBe(400);
    expect(long.error?.message).toContain('City must be at most 80 characters');
    const none = await admin.trpc('mutation', 'admin.salonDetails.update', { ...details, postalCode: ' ' });
    expect(none.error).toBeUndefined();
    expect(((await contactInfo()) as { address: string }).address).toBe('12 Rose Street, Bandra West, Mumbai, India');
    await admin.trpc('mutation', 'admin.salonDetails.update', details);
  });

  it('loads a one-line address longer than a street as the street, and refuses to save it so, naming the limit', async () => {
    const admin = await signedIn(app, 'admin');
    const line = `Shop 4, Rose Court, ${'Near the Old Lotus Temple, '.repeat(5)}Bandra West, Mumbai 400050`;
    expect(line.length).toBeGreaterThan(140);
    // Kept whole as the street, over the street's limit: the form still gets it, to split.
    expect(await sendLine(admin, line)).toMatchObject({ street: line, city: '', postalCode: '', country: '' });
    const saved = await admin.trpc('mutation', 'admin.salonDetails.update', { ...details, street: line });
    expect(saved.status).toBe(400);
    expect(saved.error?.message).toContain('Street and number must be at most 140 characters');
    expect(((await contactInfo()) as { address: string }).address).toBe(line);
    await admin.trpc('mutation', 'admin.salonDetails.update', details);
  });

  it('saves the own profile without touching the salon', async () => {
    const admin = await signedIn(app, 'admin');
    const before = await contactInfo();
    const saved = await admin.trpc<{ fullName: string; phone: string }>('mutation', 'admin.account.updateOwnProfile', {
      fullName: 'Rosa Owner',
      phone: '9111111111',
    });
    expect(saved.data).toMatchObject({ fullName: 'Rosa Owner', phone: '9111111111' });
    expect(await contactInfo()).toEqual(before);
  });

  it('PATCH /admin/update keeps the parts when given their line, and takes a new line as the street', async () => {
    const admin = await signedIn(app, 'admin');
    const send = (address: string) => sendLine(admin, address);
    expect(await send('12 Rose Street, Bandra West, Mumbai 400050, India')).toMatchObject({
      street: '12 Rose Street, Bandra West',
      city: 'Mumbai',
      postalCode: '400050',
      country: 'India',
    });
    expect(await send('7 Lotus Lane, Pune')).toMatchObject({
      street: '7 Lotus Lane, Pune',
      city: '',
      postalCode: '',
      country: '',
    });
  });

  it('PATCH /admin/update sent back as GET /admin/me answered changes nothing of the salon', async () => {
    const admin = await signedIn(app, 'admin');
    await admin.trpc('mutation', 'admin.salonDetails.update', details);
    await admin.trpc('mutation', 'admin.account.updateOwnProfile', { fullName: 'Rosa Owner', phone: '9111111111' });
    // Another owner saved the details since: this admin's account still has the old line.
    env.database.db.update(admins).set({ address: '1 Old Road' }).where(eq(admins.email, 'admin@salon.test')).run();
    const before = await contactInfo();
    const me = (await admin.rest<Record<string, unknown>>('GET', '/admin/me')).body.data;
    const send = async (changes: Record<string, string>) => {
      const form = new FormData();
      const location = me.location as { lat: number; lng: number };
      const fields = { latitude: location.lat, longitude: location.lng };
      for (const name of ['fullName', 'phone', 'secondaryPhone', 'address'])
        form.append(name, (me[name] as string | null) ?? '');
      for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
      for (const [name, value] of Object.entries(changes)) form.set(name, value);
      const saved = await admin.rest('PATCH', '/admin/update', form);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await send({});
    // The admin's own phone did not become the salon's, nor the old line its address.
    expect(await contactInfo()).toEqual(before);
    await send({ phone: '9222222222' });
    expect(await contactInfo()).toEqual({ ...(before as object), phone: '9222222222' });
  });
});
