// Who changed what, over HTTP (README "Who changed what"): every change to a booking is in its
// timeline with who made it (a customer, a member of staff by name and role, an API token by its
// name, the system); changes to the salon's set-up are in Settings → Activity, which filters by
// day, actor and kind; a deleted customer's rows stay without their name; rows older than two
// years go. Real HTTP, a real SQLite file.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_KEEP_DAYS, FORMER_CUSTOMER_NAME } from '@/shared/constants';
import type { ActivityEntry, ActivityPage } from '@/shared/schemas/activity';
import type { Booking } from '@/shared/schemas/bookings';
import type { CreatedApiToken } from '@/shared/schemas/api-tokens';
import { activity, admins, bookings, discounts } from '@/server/db/schema';
import { dayWords } from '@/server/domain/activity';
import { todayIn } from '@/server/domain/calendar';
import { DEMO_SPECIALIST } from '@/server/setup/seed';
import { useTestApp } from '@/server/test/app';
import { createCustomer, futureWorkday, idOfService, idOfSpecialist } from '@/server/test/bookings';
import { TestClient } from '@/server/test/http';
import { SYSTEM } from './actor';
import { pruneActivity, recordActivity } from './activity';

describe('who changed what', () => {
  const salon = useTestApp({ admin: true });
  let owner: TestClient;
  let script: TestClient;
  let leila: TestClient;
  beforeAll(async () => {
    owner = salon.admin;
    const created = await owner.trpc<CreatedApiToken>('mutation', 'admin.apiTokens.create', {
      name: 'Front desk script',
    });
    script = new TestClient(salon.app, { authorization: `Bearer ${created.data?.token ?? ''}` });
    leila = new TestClient(salon.app);
    const login = await leila.rest('POST', '/admin/login', DEMO_SPECIALIST);
    expect(login.status).toBe(200);
  });

  const zone = () => salon.config.timezone;
  const leilaAccountId = () =>
    salon.db.select({ id: admins.id }).from(admins).where(eq(admins.email, DEMO_SPECIALIST.email)).get()?.id ?? '';
  const history = async (id: string, by: TestClient = owner) => {
    const answer = await by.rest<ActivityEntry[]>('GET', `/admin/bookings/${id}/history`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const who = (entries: readonly ActivityEntry[]) =>
    entries.map((entry) => [entry.action, entry.actorKind, entry.actorName, entry.actorRole, entry.detail]);

  it('follows a booking from the customer through the owner, an API token and a specialist', async () => {
    const customer = await createCustomer(salon.app, salon.db, 'Tina Timeline');
    const day = futureWorkday(zone(), 9, ['Tuesday']);
    const booked = await customer.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: day,
      timeSlot: '11:00',
      service: 'Haircut & Styling',
      specialist: 'Leila Haddad',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.data._id;
    expect((await owner.rest('PATCH', `/admin/bookings/${id}/status`, { status: 'confirmed' })).status).toBe(200);
    // Confirmed again: nothing changes, so nothing is recorded.
    expect((await owner.rest('PATCH', `/admin/bookings/${id}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await script.rest('PATCH', `/admin/bookings/${id}`, { timeSlot: '14:00' })).status).toBe(200);
    // Her own move of the confirmed booking asks the salon again.
    const own = await customer.client.rest('PATCH', `/users/appointment/${id}`, {
      bookingDate: day,
      timeSlot: '15:00',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // She marks it once it has begun: here the clock is moved on by moving the booking back a day.
    const early = await leila.rest('PATCH', `/admin/bookings/${id}/status`, { status: 'completed' });
    expect(early.status).toBe(403);
    const begun = { startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() - 1_800_000) };
    salon.db.update(bookings).set(begun).where(eq(bookings.id, id)).run();
    expect((await leila.rest('PATCH', `/admin/bookings/${id}/status`, { status: 'completed' })).status).toBe(200);

    const entries = await history(id);
    expect(who(entries)).toEqual([
      ['created', 'customer', 'Tina Timeline', null, expect.stringMatching(/^Tuesday \d{2}\/\d{2}\/\d{4}, 11:00 AM$/)],
      ['status', 'staff', 'Salon Admin', 'owner', 'Pending → Confirmed'],
      ['moved', 'api-token', 'Front desk script', 'owner', expect.stringMatching(/11:00 AM → Tuesday .*2:00 PM$/)],
      [
        'moved',
        'customer',
        'Tina Timeline',
        null,
        expect.stringMatching(/2:00 PM → Tuesday .*3:00 PM; Confirmed → Pending$/),
      ],
      ['status', 'staff', DEMO_SPECIALIST.fullName, 'specialist', 'Pending → Completed'],
    ]);
    expect(entries.every((entry) => entry.entityLabel === 'Haircut & Styling with Leila Haddad')).toBe(true);
    // Leila sees her own booking's timeline; not another specialist's.
    expect(await history(id, leila)).toEqual(entries);
    const maya = await owner.rest<Booking>('POST', '/admin/bookings', {
      firstName: 'Mo',
      lastName: 'Other',
      phone: '9811111111',
      bookingDate: futureWorkday(zone(), 10),
      timeSlot: '10:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(maya.status, JSON.stringify(maya.body)).toBe(201);
    expect((await leila.rest('GET', `/admin/bookings/${maya.body.data._id}/history`)).status).toBe(404);
    // The salon's own booking, and its deletion: the timeline outlives the booking.
    expect((await owner.rest('DELETE', `/admin/bookings/${maya.body.data._id}`)).status).toBe(200);
    expect(who(await history(maya.body.data._id))).toEqual([
      ['created', 'staff', 'Salon Admin', 'owner', expect.any(String)],
      ['deleted', 'staff', 'Salon Admin', 'owner', expect.any(String)],
    ]);
    expect((await owner.rest('GET', '/admin/bookings/000000000000000000000000/history')).status).toBe(404);
  });

  it('a refused change records nothing', async () => {
    const before = salon.db.select().from(activity).all().length;
    const customer = await createCustomer(salon.app, salon.db);
    const refused = await customer.client.rest('POST', '/users/appointment', {
      bookingDate: futureWorkday(zone(), 9, ['Monday']),
      timeSlot: '11:00',
      service: 'Haircut & Styling',
      specialist: 'Leila Haddad',
    });
    expect(refused.status).toBe(409);
    expect((await owner.rest('PATCH', '/admin/team/000000000000000000000000', { active: false })).status).toBe(404);
    expect(salon.db.select().from(activity).all().length).toBe(before);
  });

  it('a customer who deletes their account: the system cancels their bookings, and no row names them', async () => {
    const customer = await createCustomer(salon.app, salon.db, 'Gone Gina');
    const booked = await customer.client.rest<Booking>('POST', '/users/appointment', {
      bookingDate: futureWorkday(zone(), 12),
      timeSlot: '12:00',
      service: 'Classic Manicure',
      specialist: 'Maya Chen',
    });
    expect(booked.status).toBe(201);
    const notes = await owner.rest('PATCH', `/admin/customers/${customer.id}`, { notes: 'Likes green tea' });
    expect(notes.status, JSON.stringify(notes.body)).toBe(200);
    const deleted = await customer.client.rest('DELETE', '/users/me', { password: 'booking-pass' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    expect(who(await history(booked.body.data._id))).toEqual([
      ['created', 'customer', FORMER_CUSTOMER_NAME, null, expect.any(String)],
      ['cancelled', 'system', 'System', null, 'Pending → Cancelled'],
    ]);
    const rows = salon.db.select().from(activity).all();
    expect(JSON.stringify(rows)).not.toContain('Gone Gina');
    expect(rows.some((row) => row.entity === 'customer' && row.entityLabel === FORMER_CUSTOMER_NAME)).toBe(true);
  });

  it('lists changes to the set-up with filters by kind, actor and day; managers only', async () => {
    const day = futureWorkday(zone(), 40);
    const closed = await script.rest<{ _id: string }>('POST', '/admin/closures', { date: day, reason: 'Training' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect((await owner.rest('DELETE', `/admin/closures/${closed.body.data._id}`)).status).toBe(200);
    const page = async (query: string, by: TestClient = owner) => {
      const answer = await by.rest<ActivityPage>('GET', `/admin/activity?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const closures = await page('entity=closure');
    expect(closures.items.map((item) => [item.action, item.actorKind, item.actorName, item.entityLabel])).toEqual([
      ['deleted', 'staff', 'Salon Admin', `${dayWords(day)} – Training`],
      ['created', 'api-token', 'Front desk script', `${dayWords(day)} – Training`],
    ]);
    expect((await page('actor=api-token')).items.every((item) => item.actorName === 'Front desk script')).toBe(true);
    const today = todayIn(zone());
    expect((await page(`entity=closure&from=${today}&to=${today}`)).total).toBe(2);
    expect((await page('entity=closure&from=2020-01-01&to=2020-12-31')).total).toBe(0);
    expect((await page('limit=1&page=2')).items).toHaveLength(1);
    const bad = await owner.rest('GET', '/admin/activity?from=2026-12-31&to=2026-01-01');
    expect(bad.status).toBe(400);
    expect((await owner.rest('GET', '/admin/activity?entity=spaceship')).status).toBe(400);
    expect((await leila.rest('GET', '/admin/activity')).status).toBe(403);
  });

  it('records each kind of set-up change by who made it, named as the salon names it', async () => {
    const { db } = salon;
    const ok = (answer: { status: number; error?: unknown }) => expect(answer.status, JSON.stringify(answer)).toBe(200);
    const serviceId = idOfService(db, 'Aroma SPA Ritual');
    ok(await owner.trpc('mutation', 'admin.services.delete', { id: serviceId }));
    const discount = db.select({ id: discounts.id, title: discounts.title }).from(discounts).get();
    ok(await script.trpc('mutation', 'admin.discounts.delete', { id: discount?.id }));
    const hours = await owner.trpc<{ days: { day: string; ranges: unknown[] }[] }>('query', 'admin.openingHours.get');
    ok(await owner.trpc('mutation', 'admin.openingHours.update', { days: hours.data?.days }));
    const mayaId = idOfSpecialist(db, 'Maya Chen');
    const schedule = await owner.trpc<{ days: { day: string; ranges: unknown[] }[] }>('query', 'admin.schedules.get', {
      id: mayaId,
    });
    const days = schedule.data?.days.map(({ day, ranges }) => ({ day, ranges }));
    ok(await owner.trpc('mutation', 'admin.schedules.update', { id: mayaId, days }));
    const leilaId = idOfSpecialist(db, 'Leila Haddad');
    const offDay = futureWorkday(zone(), 20, ['Wednesday']);
    const off = await leila.rest('POST', `/admin/specialists/${leilaId}/time-off`, {
      startsAt: `${offDay}T10:00`,
      endsAt: `${offDay}T12:00`,
      reason: 'Dentist',
    });
    expect(off.status, JSON.stringify(off.body)).toBe(201);
    const rita = db.select({ id: admins.id }).from(admins).where(eq(admins.email, 'reception@salon.test')).get();
    expect((await owner.rest('PATCH', `/admin/team/${rita?.id ?? ''}`, { role: 'manager' })).status).toBe(200);
    ok(await owner.trpc('mutation', 'admin.notifications.update', { notifyBookings: false }));

    const page = await owner.rest<ActivityPage>('GET', '/admin/activity?limit=20');
    const rows = page.body.data.items.map((item) => [
      item.entity,
      item.action,
      item.actorName,
      item.actorRole,
      item.entityLabel,
      item.detail,
    ]);
    expect(rows.slice(0, 7)).toEqual([
      ['settings', 'updated', 'Salon Admin', 'owner', 'Notifications', 'Changed notify bookings'],
      ['team', 'updated', 'Salon Admin', 'owner', 'Rita Desk', 'Changed role'],
      [
        'time-off',
        'created',
        DEMO_SPECIALIST.fullName,
        'specialist',
        expect.stringMatching(/^Leila Haddad: \w+day .*10:00 AM – 12:00 PM$/),
        '',
      ],
      ['hours', 'updated', 'Salon Admin', 'owner', "Maya Chen's working hours", 'Changed the weekly schedule'],
      ['hours', 'updated', 'Salon Admin', 'owner', 'Opening hours', 'Changed the opening hours'],
      ['discount', 'deleted', 'Front desk script', 'owner', discount?.title, ''],
      ['service', 'deleted', 'Salon Admin', 'owner', 'Aroma SPA Ritual', ''],
    ]);
    // Who: one account's changes, by its id.
    const leilasOwn = await owner.rest<ActivityPage>(
      'GET',
      `/admin/activity?actor=${leilaAccountId()}&entity=time-off`,
    );
    expect(leilasOwn.body.data.items.map((item) => item.actorName)).toEqual([DEMO_SPECIALIST.fullName]);
  });

  it('keeps two years', () => {
    const now = Date.now();
    const old = new Date(now - (ACTIVITY_KEEP_DAYS + 1) * 86_400_000);
    const kept = new Date(now - (ACTIVITY_KEEP_DAYS - 1) * 86_400_000);
    const change = { entity: 'settings', entityId: null, entityLabel: 'Old', action: 'updated' } as const;
    recordActivity(salon.db, SYSTEM, { ...change, detail: 'too old' }, old);
    recordActivity(salon.db, SYSTEM, { ...change, detail: 'kept' }, kept);
    expect(pruneActivity(salon.db, now)).toBe(1);
    const details = salon.db.select({ detail: activity.detail }).from(activity).where(eq(activity.entityLabel, 'Old'));
    expect(details.all()).toEqual([{ detail: 'kept' }]);
  });
});
