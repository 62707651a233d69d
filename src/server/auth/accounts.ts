// What an account looks like from outside, and the columns read to build it: password hashes
// are never selected here, so they cannot leak by accident.
import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@/shared/constants';
import type { DbOrTx } from '@/server/db/client';
import { admins, users } from '@/server/db/schema';
import { preparedOnce } from '@/server/db/statements';
import { publicFileUrl } from '@/server/files/urls';
import type { Config } from '@/server/env';

export interface UserAccount {
  _id: string;
  fullName: string;
  email: string;
  phone: string;
  avatar: { url: string } | null;
}

export interface AdminAccount {
  _id: string;
  fullName: string;
  email: string;
  phone: string;
  secondaryPhone: string | null;
  address: string;
  location: { lat: number; lng: number } | null;
  avatar: { url: string } | null;
  role: StaffRole;
  specialistId: string | null;
}

const adminColumns = {
  id: admins.id,
  fullName: admins.fullName,
  email: admins.email,
  phone: admins.phone,
  secondaryPhone: admins.secondaryPhone,
  address: admins.address,
  latitude: admins.latitude,
  longitude: admins.longitude,
  avatarUrl: admins.avatarUrl,
  role: admins.role,
  specialistId: admins.specialistId,
  active: admins.active,
};

const avatarOf = (config: Pick<Config, 'publicUrl'>, path: string | null) =>
  path ? { url: publicFileUrl(config, path) } : null;

/** Read on every booking: prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => ({
  user: db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare(),
}));

export function findUserAccount(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string): UserAccount | null {
  const row = statementsOf(db).user.get({ id });
  if (!row) return null;
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    avatar: avatarOf(config, row.avatarUrl),
  };
}

export function findAdminAccount(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string): AdminAccount | null {
  const row = db.select(adminColumns).from(admins).where(eq(admins.id, id)).get();
  if (!row?.active) return null;
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    secondaryPhone: row.secondaryPhone,
    address: row.address,
    location: row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null,
    avatar: avatarOf(config, row.avatarUrl),
    role: row.role,
    specialistId: row.specialistId,
  };
}
