// The team over HTTP (README "The team"): an owner invites staff by e-mail, the link sets a password
// once within 72 hours, each role opens only its part of the back office, deactivation ends sessions
// and API tokens at once, and the salon always keeps an active owner, also when two owners demote
// each other at the same moment. Real HTTP, a real SQLite file, a real SMTP server.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@/shared/constants';
import { INVALID_INVITATION, type StaffMember } from '@/shared/schemas/team';
import { issueResetToken } from '@/server/auth/reset-tokens';
import { admins, bookings, passwordResetTokens, reviews } from '@/server/db/schema';
import { addCalendarDays, todayIn } from '@/server/domain/calendar';
import { DEMO_ADMIN } from '@/server/setup/seed';
import { useTestApp } from '@/server/test/app';
import type { Calendar } from '@/shared/schemas/calendar';
import { bookingRow, createCustomer, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { LAST_OWNER_MESSAGE } from './team';

const HOUR = 60 * 60_000;

describe('the team: invitations, roles, deactivation', () => {
  const salon = useTestApp({ smtp: true, admin: true });
  let owner: TestClient;
  beforeAll(() => {
    owner = salon.admin;
  });

  let made = 0;
  const freshEmail = () => `staff${String(++made)}@team.test`;

  /** The link's token of the invitation mailed to `email`. */
  async function invitationToken(email: string): Promise<string> {
    const mail = await salon.smtp.waitForMail(email);
    expect(mail.subject).toContain('invited');
    const link = /\/admin\/welcome\/(\S+)/.exec(mail.text ?? '');
    if (!link?.[1]) throw new Error(`no invitation link in ${mail.text ?? ''}`);
    return link[1];
  }

  const invite = (body: Record<string, unknown>, by: TestClient = owner) =>
    by.rest<StaffMember>('POST', '/admin/team', body);

  const signIn = async (email: string, password: string) => {
    const client = new TestClient(salon.app);
    const answer = await client.rest<{ user: { role: StaffRole } }>('POST', '/admin/login', { email, password });
    return { client, answer };
  };

  /** Invites, accepts and signs in a member of `role`: their id and their signed-in client. */
  async function member(role: StaffRole, extra: Record<string, unknown> = {}) {
    const email = freshEmail();
    const invited = await invite({ email, fullName: `Test ${role}`, role, ...extra });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = await invitationToken(email);
    const accepted = await new TestClient(salon.app).rest('POST', '/admin/team/accept', {
      token,
      password: 'staff-password-1',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const { client, answer } = await signIn(email, 'staff-password-1');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { id: invited.body.data._id, email, client };
  }

  const setStaff = (id: string, body: Record<string, unknown>, by: TestClient = owner) =>
    by.rest<StaffMember>('PATCH', `/admin/team/${id}`, body);

  it('invites a receptionist by e-mail: the link sets a password once, and they open the front desk only', async () => {
    const email = freshEmail();
    const invited = await invite({ email, fullName: 'Rosa Reception', role: 'reception' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.data).toMatchObject({ email, role: 'reception', status: 'invited', specialist: null });
    const token = await invitationToken(email);
    // Until the link is used there is no password to sign in with.
    expect((await signIn(email, '')).answer.status).toBe(400);
    expect((await signIn(email, 'anything-at-all')).answer.status).toBe(401);

    const accept = (password: string) =>
      new TestClient(salon.app).rest('POST', '/admin/team/accept', { token, password });
    expect((await accept('rosa-password-1')).status).toBe(200);
    const again = await accept('someone-else-9');
    expect([again.status, again.body.message]).toEqual([400, INVALID_INVITATION]);

    const { client, answer } = await signIn(email, 'rosa-password-1');
    expect(answer.status).toBe(200);
    expect(answer.body.data.user.role).toBe('reception');
    expect((await client.rest<{ role: string; specialistId: null }>('GET', '/admin/me')).body.data).toMatchObject({
      role: 'reception',
      specialistId: null,
    });
    // The front desk: bookings and customers; not the takings, the prices or the team.
    expect((await client.rest('GET', '/admin/bookings?page=1&limit=5')).status).toBe(200);
    // The customer book, without what each customer has spent: the salon's takings are not reception's.
    const book = await client.rest<{ totalSpent: number | null }[]>('GET', '/admin/customers?search=&page=1&limit=5');
    expect(book.status).toBe(200);
    expect(book.body.data.length).toBeGreaterThan(0);
    expect(book.body.data.map((customer) => customer.totalSpent)).toEqual(book.body.data.map(() => null));
    const ownersBook = await owner.rest<{ totalSpent: number | null }[]>(
      'GET',
      '/admin/customers?search=&page=1&limit=5',
    );
    expect(ownersBook.body.data.every((customer) => typeof customer.totalSpent === 'number')).toBe(true);
    for (const path of ['/admin/stats', '/admin/team', '/admin/webhooks']) {
      const refused = await client.rest('GET', path);
      expect([path, refused.status, refused.body.message]).toEqual([path, 403, 'Reception accounts cannot do this.']);
    }
    const listed = await owner.rest<StaffMember[]>('GET', '/admin/team');
    expect(listed.body.data.find((m) => m.email === email)).toMatchObject({ role: 'reception', status: 'active' });
  });

  it('refuses an invitation after 72 hours, and a customer’s reset link, leaving that link working', async () => {
    const email = freshEmail();
    expect((await invite({ email, fullName: 'Late Larry', role: 'manager' })).status).toBe(201);
    const token = await invitationToken(email);
    // Three days and a minute later.
    salon.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .run();
    const late = await new TestClient(salon.app).rest('POST', '/admin/team/accept', { token, password: 'too-late-1' });
    expect([late.status, late.body.message]).toEqual([400, INVALID_INVITATION]);

    // Invited twice: the first link the member uses ends the other.
    const twice = freshEmail();
    expect((await invite({ email: twice, fullName: 'Twice Tina', role: 'reception' })).status).toBe(201);
    const first = await invitationToken(twice);
    expect((await invite({ email: twice, fullName: 'Twice Tina', role: 'reception' })).status).toBe(201);
    const second = await salon.smtp.waitForMail(twice);
    const secondToken = /\/admin\/welcome\/(\S+)/.exec(second.text ?? '')?.[1] ?? '';
    expect(secondToken).not.toBe(first);
    const acceptWith = (link: string) =>
      new TestClient(salon.app).rest('POST', '/admin/team/accept', { token: link, password: 'tina-password-1' });
    expect((await acceptWith(secondToken)).status).toBe(200);
    expect((await acceptWith(first)).status).toBe(400);

    const customer = await createCustomer(salon.app, salon.db, 'Cora Customer');
    const customersLink = issueResetToken(salon.db, 'user', customer.id, new Date(), 3 * HOUR);
    const misused = await new TestClient(salon.app).rest('POST', '/admin/team/accept', {
      token: customersLink,
      password: 'not-for-staff-1',
    });
    expect([misused.status, misused.body.message]).toEqual([400, INVALID_INVITATION]);
    const reset = await new TestClient(salon.app).rest('POST', '/users/reset-password', {
      token: customersLink,
      password: 'customers-own-1',
    });
    expect(reset.status).toBe(200);
  });

  it('makes a specialist’s account name its specialist, and refuses an e-mail that has an account', async () => {
    const missing = await invite({ email: freshEmail(), fullName: 'Spec Without', role: 'specialist' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'specialistId', message: 'Choose the specialist this account is' }]);
    const mayaId = idOfSpecialist(salon.db, 'Maya Chen');
    const maya = await invite({ email: freshEmail(), fullName: 'Maya Chen', role: 'specialist', specialistId: mayaId });
    expect(maya.status, JSON.stringify(maya.body)).toBe(201);
    expect(maya.body.data.specialist).toEqual({ _id: mayaId, name: 'Maya Chen' });
    const taken = await invite({ email: DEMO_ADMIN.email, fullName: 'Second Admin', role: 'manager' });
    expect(taken.status).toBe(409);
  });

  it('ends a deactivated member’s sessions and API tokens at once, and an owner’s tokens when they stop being one', async () => {
    const second = await member('owner');
    const made = await second.client.trpc<{ token: string }>('mutation', 'admin.apiTokens.create', {
      name: 'Till script',
    });
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const bearer = { authorization: `Bearer ${made.data?.token ?? ''}` };
    const withToken = (path: string) => new TestClient(salon.app).rest('GET', path, undefined, bearer);
    expect((await withToken('/admin/webhooks')).status).toBe(200);

    const salonFeed = async () =>
      (await owner.rest<{ scope: string; url: string }[]>('GET', '/admin/calendar-feeds')).body.data.find(
        (feed) => feed.scope === 'salon',
      )?.url;
    const feedBefore = await salonFeed();
    expect(feedBefore).toMatch(/\/calendar\/.+\.ics$/);

    // No longer an owner: their tokens end (only owners make them), the salon's feed they could
    // read gets a new address; their session acts as a manager.
    expect((await setStaff(second.id, { role: 'manager' })).status).toBe(200);
    expect(await salonFeed()).not.toBe(feedBefore);
    expect((await withToken('/admin/stats')).status).toBe(401);
    expect((await second.client.rest('GET', '/admin/webhooks')).status).toBe(403);
    expect((await second.client.rest('GET', '/admin/stats')).status).toBe(200);

    const off = await setStaff(second.id, { active: false });
    expect([off.status, off.body.data.status]).toEqual([200, 'deactivated']);
    expect((await second.client.rest('GET', '/admin/me')).status).toBe(401);
    expect((await withToken('/admin/stats')).status).toBe(401);
    const refused = await signIn(second.email, 'staff-password-1');
    expect([refused.answer.status, refused.answer.body.message]).toEqual([
      401,
      'This account has been deactivated. Ask the salon’s owner to turn it on again.',
    ]);

    // Back on: they sign in again; the old token stays dead.
    expect((await setStaff(second.id, { active: true })).body.data.status).toBe('active');
    expect((await signIn(second.email, 'staff-password-1')).answer.status).toBe(200);
    expect((await withToken('/admin/stats')).status).toBe(401);
  });

  it('shows a specialist their own calendar only, and lets them mark their own bookings completed or no-show', async () => {
    const { db } = salon;
    const mayaId = idOfSpecialist(db, 'Maya Chen');
    const annaId = idOfSpecialist(db, 'Anna Petrova');
    const maya = await member('specialist', { specialistId: mayaId });
    const zone = salon.config.timezone;
    const day = futureWorkday(zone, 19, ['Tuesday', 'Wednesday', 'Thursday']);
    const customer = await createCustomer(salon.app, db, 'Nina Nails');
    const row = (specialistId: string, serviceName: string, on = day) =>
      bookingRow({
        serviceId: idOfService(db, serviceName),
        serviceName,
        specialistId,
        userId: customer.id,
        day: on,
        time: '15:00',
        timeZone: zone,
      });
    const ahead = row(mayaId, 'Classic Manicure');
    // Yesterday's: it has begun, so she may mark it.
    const mine = row(mayaId, 'Classic Manicure', addCalendarDays(todayIn(zone), -1));
    const annas = row(annaId, 'Haircut & Styling');
    db.insert(bookings).values([ahead, mine, annas]).run();

    const calendar = await maya.client.rest<Calendar>('GET', `/admin/calendar?from=${day}&to=${day}`);
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    const shown = calendar.body.data.bookings;
    expect(shown.map((booking) => booking._id)).toContain(ahead.id);
    expect(shown.every((booking) => booking.specialist._id === mayaId)).toBe(true);
    expect(calendar.body.data.specialists.map((specialist) => specialist._id)).toEqual([mayaId]);
    const others = await maya.client.rest('GET', `/admin/calendar?from=${day}&to=${day}&specialistId=${annaId}`);
    expect([others.status, others.body.message]).toEqual([403, 'Specialists see their own calendar only.']);

    const status = (id: string, next: string) =>
      maya.client.rest('PATCH', `/admin/bookings/${id}/status`, { status: next });
    expect((await status(annas.id, 'completed')).status).toBe(404);
    // Not before it has begun.
    const early = await status(ahead.id, 'no-show');
    expect([early.status, early.body.message]).toEqual([
      403,
      'A booking can be marked completed or no-show once it has begun.',
    ]);
    const confirm = await status(mine.id, 'confirmed');
    expect(confirm.status).toBe(403);
    expect((await status(mine.id, 'completed')).status).toBe(200);
    // Settled, it is the front desk's again: a specialist does not turn it into a no-show.
    expect((await status(mine.id, 'no-show')).status).toBe(403);
    const stored = (id: string) =>
      db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)).get();
    expect([stored(mine.id)?.status, stored(ahead.id)?.status, stored(annas.id)?.status]).toEqual([
      'completed',
      'pending',
      'pending',
    ]);
    // Her own time off, not another's.
    const off = { startsAt: `${day}T17:00`, endsAt: `${day}T18:00`, reason: 'Dentist' };
    const added = await maya.client.rest<{ _id: string }>('POST', `/admin/specialists/${mayaId}/time-off`, off);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const forAnna = await maya.client.rest('POST', `/admin/specialists/${annaId}/time-off`, off);
    expect([forAnna.status, forAnna.body.message]).toEqual([403, 'Specialists manage their own time off only.']);
    expect((await maya.client.rest('GET', `/admin/specialists/${annaId}/time-off`)).status).toBe(403);
    const mine2 = await maya.client.rest<{ _id: string }[]>('GET', `/admin/specialists/${mayaId}/time-off`);
    expect(mine2.body.data.map((entry) => entry._id)).toContain(added.body.data._id);
    // Nor the reviews: the shared DELETE /reviews/{id} refuses her and keeps the review.
    const review = db.select({ id: reviews.id }).from(reviews).get();
    if (!review) throw new Error('the demo has no review');
    const deleted = await maya.client.rest('DELETE', `/reviews/${review.id}`);
    expect([deleted.status, deleted.body.message]).toEqual([403, 'Specialist accounts cannot do this.']);
    expect(db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, review.id)).get()).toBeDefined();
    // Nothing else of the front desk.
    for (const path of ['/admin/bookings?page=1&limit=5', '/admin/customers?search=&page=1&limit=5', '/admin/stats']) {
      expect([path, (await maya.client.rest('GET', path)).status]).toEqual([path, 403]);
    }
  });

  it('always keeps an active owner, also when two owners demote each other at the same moment', async () => {
    const adminId = salon.db.select({ id: admins.id }).from(admins).where(eq(admins.email, DEMO_ADMIN.email)).get()?.id;
    if (!adminId) throw new Error('no demo admin');
    const activeOwners = () =>
      salon.db
        .select({ id: admins.id, role: admins.role, active: admins.active })
        .from(admins)
        .all()
        .filter((row) => row.role === 'owner' && row.active);
    // Every other owner of earlier tests steps down first.
    for (const other of activeOwners().filter((row) => row.id !== adminId)) {
      expect((await setStaff(other.id, { role: 'manager' })).status).toBe(200);
    }
    for (const change of [{ role: 'manager' }, { active: false }]) {
      const refused = await setStaff(adminId, change);
      expect([refused.status, refused.body.message]).toEqual([400, LAST_OWNER_MESSAGE]);
    }

    const partner = await member('owner');
    const [mine, theirs] = await Promise.all([
      setStaff(partner.id, { role: 'manager' }, owner),
      setStaff(adminId, { role: 'manager' }, partner.client),
    ]);
    // One wins; the other is refused: as the last owner (400), or as no longer an owner at all (403).
    const statuses = [mine.status, theirs.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400 || status === 403)).toHaveLength(1);
    expect(activeOwners()).toHaveLength(1);
    // Put back as it was for whoever runs next: the demo admin is the owner.
    if (mine.status !== 200) {
      expect((await setStaff(adminId, { role: 'owner' }, partner.client)).status).toBe(200);
    }
  });
});
