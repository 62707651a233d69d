// The salon's public contact details (address, e-mail, phones, map position): read by the public
// site, written when the admin saves their profile in Account Setting (the e-mail only when the
// owner gives one: it is not their login e-mail, see auth/profile.ts).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { salonContact } from '@/server/db/schema';
import { NotFound } from '@/server/errors';

export interface ContactInfo {
  address: string;
  email: string;
  phone: string;
  secondaryPhone: string | null;
  location: { lat: number; lng: number };
}

/** The stored contact row, as the admin's profile fills it. */
export interface SalonContactFields {
  address: string;
  email: string;
  phone: string;
  secondaryPhone: string | null;
  latitude: number;
  longitude: number;
}

/** The salon's contact details, as last saved in the admin's Account Setting. */
export function getContactInfo(db: DbOrTx): ContactInfo {
  const row = db.select().from(salonContact).where(eq(salonContact.id, 1)).get();
  if (!row) throw new NotFound('The salon has not published its contact details yet.');
  return {
    address: row.address,
    email: row.email,
    phone: row.phone,
    secondaryPhone: row.secondaryPhone,
    location: { lat: row.latitude, lng: row.longitude },
  };
}

/** The salon's public e-mail, or null before the contact details were first saved. */
export function findSalonContactEmail(db: DbOrTx): string | null {
  return db.select({ email: salonContact.email }).from(salonContact).where(eq(salonContact.id, 1)).get()?.email ?? null;
}

/** Replaces the salon's contact details (there is one row). */
export function updateSalonContact(tx: DbOrTx, contact: SalonContactFields): void {
  tx.insert(salonContact)
    .values({ id: 1, ...contact })
    .onConflictDoUpdate({ target: salonContact.id, set: contact })
    .run();
}
