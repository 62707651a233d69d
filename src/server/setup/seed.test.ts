import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseOptions } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES, WEEKDAYS } from '@/shared/constants';
import { verifyPassword } from '@/server/auth/passwords';
import { addCalendarDays, calendarDay } from '@/server/domain/calendar';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import { rowCount } from '@/server/db/client';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemoData } from './seed';
import * as schema from '@/server/db/schema';

describe('demo data', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await createTestEnvironment({ seed: true });
  });
  const db = () => env.database.db;

  it('has the demo admin and customer with argon2id password hashes', async () => {
    const admin = db().select().from(schema.admins).where(eq(schema.admins.email, DEMO_ADMIN.email)).get();
    const customer = db().select().from(schema.users).where(eq(schema.users.email, DEMO_CUSTOMER.email)).get();
    if (!admin || !customer) throw new Error('demo accounts missing');
    expect(await verifyPassword(admin.passwordHash, 'admin12345')).toBe(true);
    expect(await verifyPassword(customer.passwordHash, 'customer123')).toBe(true);
    expect(await verifyPassword(customer.passwordHash, 'admin12345')).toBe(false);
    expect(parseOptions(admin.passwordHash).algorithm).toBe(2); // Argon2id
  });

  it('offers every category, at least 8 services, each with an image file on disk', () => {
    const rows = db().select().from(schema.services).all();
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(SERVICE_CATEGORIES));
    for (const row of rows) {
      expect(existsSync(join(env.config.uploadsDir, row.imageUrl.replace('/uploads/', '')))).toBe(true);
    }
  });

  it('has at least 3 specialists and someone working every day of the next 14', () => {
    expect(rowCount(db(), schema.specialists)).toBeGreaterThanOrEqual(3);
    const days = new Set(
      db()
        .select()
        .from(schema.specialistDays)
        .all()
        .map((d) => d.day),
    );
    expect(days).toEqual(new Set(WEEKDAYS));
    expect(rowCount(db(), schema.specialistServices)).toBeGreaterThan(0);
  });

  it('has a discount active today, approved and pending reviews, and contact info with a location', () => {
    const today = calendarDay(new Date(), env.config.timezone);
    const active = db()
      .select()
      .from(schema.discounts)
      .all()
      .filter((d) => d.validFrom <= today && today <= d.validTill);
    expect(active.length).toBeGreaterThanOrEqual(1);
    const statuses = db()
      .select()
      .from(schema.reviews)
      .all()
      .map((r) => r.status);
    expect(statuses.filter((s) => s === 'Approved').length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 'Pending').length).toBeGreaterThanOrEqual(1);
    const contact = db().select().from(schema.salonContact).get();
    expect(contact?.latitude).toEqual(expect.any(Number));
    expect(contact?.longitude).toEqual(expect.any(Number));
    expect(addCalendarDays(today, 0)).toBe(today);
  });

  it('never seeds a database twice', async () => {
    const services = rowCount(db(), schema.services);
    expect(await seedDemoData(env.database, { uploadsDir: env.config.uploadsDir, timezone: env.config.timezone })).toBe(
      false,
    );
    expect(rowCount(db(), schema.services)).toBe(services);
  });
});
