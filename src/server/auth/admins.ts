import { eq } from 'drizzle-orm';
import { rowCount, type Db } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { admins } from '@/server/db/schema';
import { hashPassword } from './passwords';

export interface AdminAccountInput {
  email: string;
  password: string;
  fullName: string;
}

/** Creates an admin, or sets a new password on the one with that e-mail (its profile stays). */
export async function createOrResetAdmin(db: Db, input: AdminAccountInput): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const existing = db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).get();
  if (existing) {
    db.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id)).run();
    return { id: existing.id, created: false };
  }
  const id = newId();
  db.insert(admins).values({ id, email, fullName: input.fullName, passwordHash }).run();
  return { id, created: true };
}

export function adminCount(db: Db): number {
  return rowCount(db, admins);
}
