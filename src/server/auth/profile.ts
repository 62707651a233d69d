// An admin's own account: changing their password, and saving their profile (which is also the
// salon's public contact information).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminProfileSchema } from '@/shared/schemas/account';
import type { Db } from '@/server/db/client';
import { admins } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { decodeBase64Image, removeStoredImage, storeImage } from '@/server/files/images';
import { saveSalonContact } from '@/server/salon/contact';
import type { AdminAccount } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { invalidateAccountSessions } from './sessions';

/**
 * Checks the current password and sets the new one; the admin's other sessions end, the one in
 * use (`admin.sessionId`; an API token has none) stays.
 */
export async function changeAdminPassword(
  db: Db,
  admin: { id: string; sessionId?: string | undefined },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const row = db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id)).get();
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  db.update(admins).set({ passwordHash }).where(eq(admins.id, admin.id)).run();
  invalidateAccountSessions(db, 'admin', admin.id, admin.sessionId);
}

/**
 * Saves the admin's profile and, in the same transaction, the salon's contact details (the
 * admin's login e-mail is the public one). A picture is required while the admin has none; a new
 * one replaces the old, which is removed once the change is saved.
 */
export async function updateAdminProfile(
  deps: { db: Db; config: Pick<Config, 'uploadsDir'> },
  current: AdminAccount,
  input: z.output<typeof adminProfileSchema>,
): Promise<void> {
  const { db } = deps;
  const { uploadsDir } = deps.config;
  const previous = db.select({ avatarUrl: admins.avatarUrl }).from(admins).where(eq(admins.id, current._id)).get();
  if (!input.avatar && !previous?.avatarUrl) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Profile picture is required' });
  }
  const avatarUrl = input.avatar ? await storeImage(decodeBase64Image(input.avatar), uploadsDir) : previous?.avatarUrl;
  const contact = {
    address: input.address,
    email: current.email,
    phone: input.phone,
    secondaryPhone: input.secondaryPhone ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
  };
  try {
    db.transaction((tx) => {
      tx.update(admins)
        .set({ fullName: input.fullName, ...contact, avatarUrl })
        .where(eq(admins.id, current._id))
        .run();
      saveSalonContact(tx, contact);
    });
  } catch (error) {
    if (input.avatar && avatarUrl) await removeStoredImage(avatarUrl, uploadsDir);
    throw error;
  }
  if (input.avatar && previous?.avatarUrl) await removeStoredImage(previous.avatarUrl, uploadsDir);
}
