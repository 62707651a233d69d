// The salon's public contact details (address, e-mail, phones, map position): read by the public
// site, written from Settings > Salon details (and by PATCH /admin/update, the spec's one form for
// the admin and the salon, see auth/profile.ts). The address is kept in parts and as the one line
// the spec's payloads carry (shared/postal-address.ts).
import { eq } from 'drizzle-orm';
import { addressPartsOf, composeAddress, type PostalAddressParts } from '@/shared/postal-address';
import type { SalonDetailsView } from '@/shared/schemas/account';
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

/** What a save of the salon's details stores; the one-line address is composed from the parts. */
export interface SalonContactFields extends PostalAddressParts {
  email: string;
  phone: string;
  secondaryPhone: string | null;
  latitude: number;
  longitude: number;
}

const findRow = (db: DbOrTx) => db.select().from(salonContact).where(eq(salonContact.id, 1)).get();

/** The salon's contact details, as last saved in Settings > Salon details; null before they were first saved. */
export function findContactInfo(db: DbOrTx): ContactInfo | null {
  const row = findRow(db);
  if (!row) return null;
  return {
    address: row.address,
    email: row.email,
    phone: row.phone,
    secondaryPhone: row.secondaryPhone,
    location: { lat: row.latitude, lng: row.longitude },
  };
}

/** The salon's contact details, as last saved in Settings > Salon details. */
export function getContactInfo(db: DbOrTx): ContactInfo {
  const contact = findContactInfo(db);
  if (!contact) throw new NotFound('The salon has not published its contact details yet.');
  return contact;
}

/** The address in parts (the JSON-LD's PostalAddress), or null before the details were first saved. */
export function findSalonAddressParts(db: DbOrTx): PostalAddressParts | null {
  const row = findRow(db);
  return row ? addressPartsOf(row) : null;
}

/** The salon's stored contact details in their saved fields, or null before they were first saved. */
export function findSalonContact(db: DbOrTx): SalonContactFields | null {
  const row = findRow(db);
  if (!row) return null;
  return {
    email: row.email,
    phone: row.phone,
    secondaryPhone: row.secondaryPhone,
    ...addressPartsOf(row),
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** Settings > Salon details as the form edits them (the position as a `location`); null before they were first saved. */
export function getSalonDetails(db: DbOrTx): SalonDetailsView {
  const contact = findSalonContact(db);
  if (!contact) return null;
  const { latitude, longitude, ...rest } = contact;
  return { ...rest, location: { lat: latitude, lng: longitude } };
}

/** Replaces the salon's contact details (there is one row); returns the one-line address stored. */
export function updateSalonContact(tx: DbOrTx, contact: SalonContactFields): string {
  const row = { ...contact, address: composeAddress(contact) };
  tx.insert(salonContact)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: salonContact.id, set: row })
    .run();
  return row.address;
}
