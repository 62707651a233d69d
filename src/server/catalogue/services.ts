// What a service looks like from outside, the columns read to build it, and the back office's
// writes (create, update, take off offer).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ServiceCategory } from '@/shared/constants';
import type { Service } from '@/shared/schemas/services';
import type { DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { services } from '@/server/db/schema';
import type { Config } from '@/server/env';
import { publicFileUrl } from '@/server/files/urls';
import type { CatalogueDeps } from './deps';
import { createNamedRecord, SERVICE_RECORDS, softDelete, updateNamedRecord } from './soft-deleted';
import { NotFound } from '@/server/errors';

const serviceColumns = {
  id: services.id,
  name: services.name,
  category: services.category,
  price: services.price,
  durationMinutes: services.durationMinutes,
  bufferMinutes: services.bufferMinutes,
  processingMinutes: services.processingMinutes,
  minNoticeMinutes: services.minNoticeMinutes,
  maxAdvanceDays: services.maxAdvanceDays,
  rebookWeeks: services.rebookWeeks,
  description: services.description,
  imageUrl: services.imageUrl,
};

/** A service as the server answers it: the buffer and the booking rules are always there. */
export type ServiceAnswer = Service & {
  bufferMinutes: number;
  processingMinutes: number;
  minNoticeMinutes: number;
  maxAdvanceDays: number | null;
  rebookWeeks: number | null;
};

/** Services on offer (removed ones excluded), oldest first; `id` narrows to one. */
export function listServices(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id?: string): ServiceAnswer[] {
  return db
    .select(serviceColumns)
    .from(services)
    .where(and(isNull(services.deletedAt), id === undefined ? undefined : eq(services.id, id)))
    .orderBy(asc(services.createdAt), asc(services.id))
    .all()
    .map((row) => ({
      _id: row.id,
      name: row.name,
      category: row.category,
      price: row.price,
      duration: row.durationMinutes,
      bufferMinutes: row.bufferMinutes,
      processingMinutes: row.processingMinutes,
      minNoticeMinutes: row.minNoticeMinutes,
      maxAdvanceDays: row.maxAdvanceDays,
      rebookWeeks: row.rebookWeeks,
      description: row.description,
      image: { url: publicFileUrl(config, row.imageUrl) },
    }));
}

/** One service on offer; NOT_FOUND when there is none with that id (or it was removed). */
export function getService(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string): ServiceAnswer {
  const service = listServices(db, config, id)[0];
  if (!service) throw new NotFound(SERVICE_RECORDS.notFound);
  return service;
}

/** A service's fields as the admin's form and the import send them. */
export interface ServiceFields {
  name: string;
  category: ServiceCategory;
  price: number;
  duration: number;
  description: string;
  bufferMinutes?: number | undefined;
  processingMinutes?: number | undefined;
  minNoticeMinutes?: number | undefined;
  maxAdvanceDays?: number | null | undefined;
  rebookWeeks?: number | null | undefined;
}

/** Only what was given: a value left out is not written (its default on create, kept on update). */
const given = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

/** The stored columns; a buffer or booking rule left out is not written (its default on create, kept on update). */
export const serviceColumnsOf = (input: ServiceFields) => ({
  name: input.name,
  category: input.category,
  price: input.price,
  durationMinutes: input.duration,
  description: input.description,
  ...given('bufferMinutes', input.bufferMinutes),
  ...given('processingMinutes', input.processingMinutes),
  ...given('minNoticeMinutes', input.minNoticeMinutes),
  ...given('maxAdvanceDays', input.maxAdvanceDays),
  ...given('rebookWeeks', input.rebookWeeks),
});

/** A new service with its picture; a name another live service has (any letter case) is a CONFLICT. */
export async function createService(
  deps: CatalogueDeps,
  input: ServiceFields & { image: string },
): Promise<ServiceAnswer> {
  const id = newId();
  await createNamedRecord(deps.db, deps.config.uploadsDir, SERVICE_RECORDS, input, (tx, imageUrl) => {
    tx.insert(services)
      .values({ id, ...serviceColumnsOf(input), imageUrl })
      .run();
  });
  return getService(deps.db, deps.config, id);
}

/** Every field replaced; the image only when a new one is sent. */
export async function updateService(
  deps: CatalogueDeps,
  input: ServiceFields & { id: string; image?: string | undefined },
): Promise<ServiceAnswer> {
  await updateNamedRecord(deps.db, deps.config.uploadsDir, SERVICE_RECORDS, input, (tx, imageUrl) => {
    tx.update(services)
      .set({ ...serviceColumnsOf(input), ...(imageUrl === undefined ? {} : { imageUrl }) })
      .where(eq(services.id, input.id))
      .run();
  });
  return getService(deps.db, deps.config, input.id);
}

/**
 * Takes the service off offer: it leaves the public lists and every specialist's expertise,
 * while bookings and reviews of it stay readable (the row and its image are kept).
 */
export const deleteService = (db: DbOrTx, id: string): { _id: string } => softDelete(db, SERVICE_RECORDS, id);
