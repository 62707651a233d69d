// Accounts' own changes: a password (customers and admins), a customer's profile (My account),
// a staff member's profile (Settings > Your profile), and the salon's public contact details
// (Settings > Salon details; PATCH /admin/update still saves both as the spec's one form).
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { partsForAddress } from '@/shared/postal-address';
import type {
  adminOwnProfileSchema,
  adminProfileSchema,
  customerProfileSchema,
  salonDetailsSchema,
} from '@/shared/schemas/account';
import type { Db } from '@/server/db/client';
import { forgetCatalogue } from '@/server/catalogue/cache';
import { admins, users } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { decodeBase64Image, removeStoredImage, storeImage } from '@/server/files/images';
import { findSalonContact, updateSalonContact } from '@/server/salon/contact';
import type { AdminAccount } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { countGuess, type RateLimits } from './rate-limit';
import { invalidateAccountSessions, type SessionKind } from './sessions';
import { InvalidRequest, NotSignedIn } from '@/server/errors';

const tableOf = { user: users, admin: admins } as const;

/**
 * Whether `given` is the account's password, asked to approve a change (a new password or e-mail,
 * deleting the account). Wrong ones are counted per account: after five in 15 minutes the answer
 * is 429 until the window ends, so an open session cannot be used to guess the password.
 */
export async function isCurrentPassword(
  limits: Pick<RateLimits, 'passwordChecksPerAccount'>,
  account: { kind: SessionKind; id: string; passwordHash: string | undefined },
  given: string,
): Promise<boolean> {
  const key = `${account.kind}:${account.id}`;
  countGuess([[limits.passwordChecksPerAccount, key]], 'Too many wrong passwords.');
  // An account the salon made by phone, or a deleted one, has no password ('') and never passes.
  const right = Boolean(account.passwordHash) && (await verifyPassword(account.passwordHash ?? '', given));
  if (right) limits.passwordChecksPerAccount.reset(key);
  return right;
}

/**
 * Checks the current password and sets the new one; the account's other sessions end, the one in
 * use (`account.sessionId`; an admin's API token has none) stays.
 */
export async function changePassword(
  deps: { db: Db; limits: Pick<RateLimits, 'passwordChecksPerAccount'> },
  kind: SessionKind,
  account: { id: string; sessionId?: string | undefined },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const { db } = deps;
  const table = tableOf[kind];
  const row = db.select({ passwordHash: table.passwordHash }).from(table).where(eq(table.id, account.id)).get();
  if (
    !(await isCurrentPassword(
      deps.limits,
      { kind, id: account.id, passwordHash: row?.passwordHash },
      input.currentPassword,
    ))
  ) {
    throw new InvalidRequest('Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword);
  // A customer who deleted their account while the hash was made keeps no password.
  const where = kind === 'user' ? and(eq(users.id, account.id), isNull(users.deletedAt)) : eq(admins.id, account.id);
  if (db.update(table).set({ passwordHash }).where(where).run().changes === 0) throw accountGone();
  invalidateAccountSessions(db, kind, account.id, account.sessionId);
}

/**
 * Runs `save` with the new picture's stored URL (the old one when none was given), then removes
 * the picture that is no longer used: the new one when saving failed, the old one when it worked.
 */
async function withNewPicture(
  uploadsDir: string,
  previousUrl: string | null | undefined,
  picture: string | undefined,
  save: (avatarUrl: string | null) => void,
): Promise<void> {
  const avatarUrl = picture ? await storeImage(decodeBase64Image(picture), uploadsDir) : (previousUrl ?? null);
  try {
    save(avatarUrl);
  } catch (error) {
    if (picture && avatarUrl) await removeStoredImage(avatarUrl, uploadsDir);
    throw error;
  }
  if (picture && previousUrl) await removeStoredImage(previousUrl, uploadsDir);
}

const accountGone = () => new NotSignedIn();

/**
 * My account: the customer's name, phone and (optionally) a new picture. The public pages show
 * reviewers' names and pictures, so their cached copy is dropped.
 */
export async function updateCustomerProfile(
  deps: { db: Db; config: Pick<Config, 'uploadsDir'> },
  userId: string,
  input: z.output<typeof customerProfileSchema>,
): Promise<void> {
  const { db } = deps;
  const previous = db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId)).get();
  await withNewPicture(deps.config.uploadsDir, previous?.avatarUrl, input.avatar, (avatarUrl) => {
    // Not onto an account deleted while the picture was stored: its tombstone stays empty.
    const changed = db
      .update(users)
      .set({ fullName: input.fullName, phone: input.phone, avatarUrl })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .run();
    if (changed.changes === 0) throw accountGone();
  });
  forgetCatalogue(db);
}

/**
 * `PATCH /admin/update` (the spec's one form): saves the admin's profile and, in the same
 * transaction, what the form changed of the salon's contact details. GET /admin/me answers the
 * admin's own phone and the address and position last saved on their account, and a client sends
 * them back unchanged; so a phone, address or position is carried to the salon only where it
 * differs from the admin's stored one, and an unchanged form leaves the salon as Salon details last
 * saved it. A changed one-line address keeps the salon's parts when it is their composition, else it
 * becomes the street (shared/postal-address.ts). The public e-mail changes only with `contactEmail`
 * (until the details were first saved it is the admin's login e-mail). A picture is required while
 * the admin has none; a new one replaces the old, which is removed once the change is saved.
 */
export async function updateAdminProfile(
  deps: { db: Db; config: Pick<Config, 'uploadsDir'> },
  current: AdminAccount,
  input: z.output<typeof adminProfileSchema>,
): Promise<void> {
  const { db } = deps;
  const previous = requirePicture(db, current._id, input.avatar);
  const own = {
    phone: input.phone,
    secondaryPhone: input.secondaryPhone ?? null,
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
  };
  await withNewPicture(deps.config.uploadsDir, previous, input.avatar, (avatarUrl) => {
    db.transaction((tx) => {
      const stored = tx
        .select({
          phone: admins.phone,
          secondaryPhone: admins.secondaryPhone,
          address: admins.address,
          latitude: admins.latitude,
          longitude: admins.longitude,
        })
        .from(admins)
        .where(eq(admins.id, current._id))
        .get();
      const salon = findSalonContact(tx);
      // Before the salon's details were first saved, the form is all there is.
      const changed = (field: keyof typeof own) => !salon || own[field] !== stored?.[field];
      const parts =
        salon && !changed('address')
          ? { street: salon.street, city: salon.city, postalCode: salon.postalCode, country: salon.country }
          : partsForAddress(own.address, salon);
      updateSalonContact(tx, {
        email: input.contactEmail ?? salon?.email ?? current.email,
        phone: changed('phone') ? own.phone : (salon?.phone ?? own.phone),
        secondaryPhone: changed('secondaryPhone') ? own.secondaryPhone : (salon?.secondaryPhone ?? null),
        latitude: changed('latitude') ? own.latitude : (salon?.latitude ?? own.latitude),
        longitude: changed('longitude') ? own.longitude : (salon?.longitude ?? own.longitude),
        ...parts,
      });
      tx.update(admins)
        .set({ fullName: input.fullName, ...own, avatarUrl })
        .where(eq(admins.id, current._id))
        .run();
    });
  });
}

/** The account's stored picture; refuses a save without one while the account has none. */
function requirePicture(db: Db, adminId: string, picture: string | undefined): string | null {
  const previous = db.select({ avatarUrl: admins.avatarUrl }).from(admins).where(eq(admins.id, adminId)).get();
  if (!picture && !previous?.avatarUrl) throw new InvalidRequest('Profile picture is required');
  return previous?.avatarUrl ?? null;
}

/**
 * Settings > Your profile: the staff member's own name, phone and (optionally) a new picture. The
 * salon's phones and address are not theirs: Salon details saves those.
 */
export async function updateOwnProfile(
  deps: { db: Db; config: Pick<Config, 'uploadsDir'> },
  current: AdminAccount,
  input: z.output<typeof adminOwnProfileSchema>,
): Promise<void> {
  const { db } = deps;
  const previous = requirePicture(db, current._id, input.avatar);
  await withNewPicture(deps.config.uploadsDir, previous, input.avatar, (avatarUrl) => {
    db.update(admins)
      .set({ fullName: input.fullName, phone: input.phone, avatarUrl })
      .where(eq(admins.id, current._id))
      .run();
  });
}

/**
 * Settings > Salon details: the salon's public e-mail, phones, address in parts and map position.
 * The admin who saves them keeps the same address and position on their account, as /admin/me has
 * always answered the salon's (the spec's admin profile carries them).
 */
export function updateSalonDetails(db: Db, adminId: string, input: z.output<typeof salonDetailsSchema>): void {
  db.transaction((tx) => {
    const address = updateSalonContact(tx, {
      email: input.contactEmail,
      phone: input.phone,
      secondaryPhone: input.secondaryPhone ?? null,
      street: input.street,
      city: input.city,
      postalCode: input.postalCode,
      country: input.country,
      latitude: input.latitude,
      longitude: input.longitude,
    });
    tx.update(admins)
      .set({ address, latitude: input.latitude, longitude: input.longitude })
      .where(eq(admins.id, adminId))
      .run();
  });
}
