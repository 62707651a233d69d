// What a specialist looks like from outside, the columns read to build it, and the back office's
// writes (create, update with their schedule and services, remove).
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { WEEKDAYS, type Weekday } from '@/shared/constants';
import type { Specialist } from '@/shared/schemas/specialists';
import type { DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { services, specialistDays, specialists, specialistServices } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { publicFileUrl } from '@/server/files/urls';
import type { CatalogueDeps } from './deps';
import { createNamedRecord, SPECIALIST_RECORDS, softDelete, updateNamedRecord } from './soft-deleted';
import { termsFor } from './specialist-services';
import { InvalidFields, NotFound } from '@/server/errors';

const byWeekday = (a: Weekday, b: Weekday) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b);

/**
 * Specialists still working here, oldest first; `id` narrows to one. Their expertise lists only
 * services still on offer, so a removed service disappears from every specialist at once.
 */
export function listSpecialists(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id?: string): Specialist[] {
  const rows = db
    .select({
      id: specialists.id,
      name: specialists.name,
      phone: specialists.phone,
      email: specialists.email,
      availableFrom: specialists.availableFrom,
      availableTo: specialists.availableTo,
      imageUrl: specialists.imageUrl,
    })
    .from(specialists)
    .where(and(isNull(specialists.deletedAt), id === undefined ? undefined : eq(specialists.id, id)))
    .orderBy(asc(specialists.createdAt), asc(specialists.id))
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);

  const days = new Map<string, Weekday[]>();
  for (const row of db
    .select({ specialistId: specialistDays.specialistId, day: specialistDays.day })
    .from(specialistDays)
    .where(inArray(specialistDays.specialistId, ids))
    .all()) {
    days.set(row.specialistId, [...(days.get(row.specialistId) ?? []), row.day]);
  }

  const expertise = new Map<string, Specialist['expertise']>();
  const offered = new Map<string, NonNullable<Specialist['services']>>();
  for (const row of db
    .select({
      specialistId: specialistServices.specialistId,
      serviceId: services.id,
      name: services.name,
      price: services.price,
      durationMinutes: services.durationMinutes,
      priceCents: specialistServices.priceCents,
      ownDurationMinutes: specialistServices.durationMinutes,
    })
    .from(specialistServices)
    .innerJoin(services, eq(services.id, specialistServices.serviceId))
    .where(and(inArray(specialistServices.specialistId, ids), isNull(services.deletedAt)))
    .orderBy(asc(services.createdAt), asc(services.id))
    .all()) {
    expertise.set(row.specialistId, [
      ...(expertise.get(row.specialistId) ?? []),
      { _id: row.serviceId, name: row.name },
    ]);
    const terms = termsFor(row, row);
    offered.set(row.specialistId, [
      ...(offered.get(row.specialistId) ?? []),
      { service: { _id: row.serviceId, name: row.name }, price: terms.price, duration: terms.durationMinutes },
    ]);
  }

  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    expertise: expertise.get(row.id) ?? [],
    services: offered.get(row.id) ?? [],
    availableFrom: row.availableFrom,
    availableTo: row.availableTo,
    availableDays: (days.get(row.id) ?? []).sort(byWeekday),
    image: { url: publicFileUrl(config, row.imageUrl) },
  }));
}

/** One specialist still working here; NOT_FOUND when there is none with that id. */
export function getSpecialist(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string): Specialist {
  const specialist = listSpecialists(db, config, id)[0];
  if (!specialist) throw new NotFound(SPECIALIST_RECORDS.notFound);
  return specialist;
}

/** A specialist can only offer services that are on offer: each id must name a live service. */
function assertServicesOnOffer(db: DbOrTx, ids: string[]): void {
  const found = new Set(
    db
      .select({ id: services.id })
      .from(services)
      .where(and(inArray(services.id, ids), isNull(services.deletedAt)))
      .all()
      .map((row) => row.id),
  );
  const unknown = ids.find((id) => !found.has(id));
  if (unknown !== undefined) {
    throw new InvalidFields([{ path: 'expertise', message: `No service on offer has the id ${unknown}.` }]);
  }
}

/** Sets a specialist's working days and services to exactly these. */
function replaceSchedule(tx: DbOrTx, specialistId: string, days: Weekday[], serviceIds: string[]): void {
  tx.delete(specialistDays).where(eq(specialistDays.specialistId, specialistId)).run();
  // A service they keep keeps their own price and length for it.
  tx.delete(specialistServices)
    .where(and(eq(specialistServices.specialistId, specialistId), notInArray(specialistServices.serviceId, serviceIds)))
    .run();
  tx.insert(specialistDays)
    .values(days.map((day) => ({ specialistId, day })))
    .run();
  tx.insert(specialistServices)
    .values(serviceIds.map((serviceId) => ({ specialistId, serviceId })))
    .onConflictDoNothing()
    .run();
}

/** A specialist's fields as the admin's form sends them. */
export interface SpecialistFields {
  name: string;
  phone: string;
  email: string;
  availableFrom: string;
  availableTo: string;
  availableDays: Weekday[];
  expertise: string[];
}

const columnsOf = (input: SpecialistFields) => ({
  name: input.name,
  phone: input.phone,
  email: input.email,
  availableFrom: input.availableFrom,
  availableTo: input.availableTo,
});

/** A new specialist with their picture, working days and services (each must be on offer). */
export async function createSpecialist(
  deps: CatalogueDeps,
  input: SpecialistFields & { image: string },
): Promise<Specialist> {
  assertServicesOnOffer(deps.db, input.expertise);
  const id = newId();
  await createNamedRecord(deps.db, deps.config.uploadsDir, SPECIALIST_RECORDS, input, (tx, imageUrl) => {
    tx.insert(specialists)
      .values({ id, ...columnsOf(input), imageUrl })
      .run();
    replaceSchedule(tx, id, input.availableDays, input.expertise);
  });
  return getSpecialist(deps.db, deps.config, id);
}

/** Every field replaced; the image only when a new one is sent. */
export async function updateSpecialist(
  deps: CatalogueDeps,
  input: SpecialistFields & { id: string; image?: string | undefined },
): Promise<Specialist> {
  assertServicesOnOffer(deps.db, input.expertise);
  await updateNamedRecord(deps.db, deps.config.uploadsDir, SPECIALIST_RECORDS, input, (tx, imageUrl) => {
    tx.update(specialists)
      .set({ ...columnsOf(input), ...(imageUrl === undefined ? {} : { imageUrl }) })
      .where(eq(specialists.id, input.id))
      .run();
    replaceSchedule(tx, input.id, input.availableDays, input.expertise);
  });
  return getSpecialist(deps.db, deps.config, input.id);
}

/** The specialist leaves the public lists; their bookings stay readable (the row is kept). */
export const deleteSpecialist = (db: DbOrTx, id: string): { _id: string } => softDelete(db, SPECIALIST_RECORDS, id);
