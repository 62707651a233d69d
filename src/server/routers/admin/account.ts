import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { adminAccountSchema, adminProfileSchema } from '../../../shared/schemas/account';
import { adminLoginResultSchema, changePasswordSchema, messageResultSchema } from '../../../shared/schemas/auth';
import { findAdminAccount } from '../../auth/accounts';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { invalidateAccountSessions } from '../../auth/sessions';
import { admins, salonContact } from '../../db/schema';
import { decodeBase64Image, removeStoredImage, storeImage } from '../../files/images';
import { adminProcedure, router } from '../../trpc/init';
import { sessionAccount } from '../session-account';

const { accountOf, procedures } = sessionAccount({
  kind: 'admin',
  procedure: adminProcedure,
  findAccount: findAdminAccount,
  accountSchema: adminAccountSchema,
  loginResultSchema: adminLoginResultSchema,
  unauthorized: 'Please login as an admin',
});

export const adminAccountRouter = router({
  ...procedures,

  /** Checks the current password; other sessions of this admin end, this one stays. */
  changePassword: adminProcedure.input(changePasswordSchema).output(messageResultSchema).mutation(async ({ ctx, input }) => {
    const row = ctx.db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, ctx.admin.id)).get();
    if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
    }
    const passwordHash = await hashPassword(input.newPassword);
    ctx.db.update(admins).set({ passwordHash }).where(eq(admins.id, ctx.admin.id)).run();
    invalidateAccountSessions(ctx.db, 'admin', ctx.admin.id, ctx.admin.sessionId);
    return { message: 'Password changed!' };
  }),

  /** Saves the admin's profile, which is also the salon's public contact info. */
  updateProfile: adminProcedure.input(adminProfileSchema).output(adminAccountSchema).mutation(async ({ ctx, input }) => {
    const current = accountOf(ctx, ctx.admin.id);
    const previous = ctx.db.select({ avatarUrl: admins.avatarUrl }).from(admins).where(eq(admins.id, ctx.admin.id)).get();
    if (!input.avatar && !previous?.avatarUrl) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Profile picture is required' });
    }
    const avatarUrl = input.avatar
      ? await storeImage(decodeBase64Image(input.avatar), ctx.config.uploadsDir)
      : previous?.avatarUrl;
    const contact = {
      address: input.address,
      email: current.email,
      phone: input.phone,
      secondaryPhone: input.secondaryPhone ?? null,
      latitude: input.latitude,
      longitude: input.longitude,
    };
    try {
      ctx.db.transaction((tx) => {
        tx.update(admins)
          .set({ fullName: input.fullName, ...contact, avatarUrl })
          .where(eq(admins.id, ctx.admin.id))
          .run();
        tx.insert(salonContact)
          .values({ id: 1, ...contact })
          .onConflictDoUpdate({ target: salonContact.id, set: contact })
          .run();
      });
    } catch (error) {
      if (input.avatar && avatarUrl) await removeStoredImage(avatarUrl, ctx.config.uploadsDir);
      throw error;
    }
    if (input.avatar && previous?.avatarUrl) await removeStoredImage(previous.avatarUrl, ctx.config.uploadsDir);
    return accountOf(ctx, ctx.admin.id);
  }),
});
