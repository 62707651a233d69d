// What a service looks like from outside, and the columns read to build it.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Service } from '../../shared/schemas/service';
import type { DbOrTx } from '../db/client';
import { services } from '../db/schema';
import type { Config } from '../env';
import { publicFileUrl } from '../files/urls';
import { SERVICE_RECORDS } from './soft-deleted';

const serviceColumns = {
  id: services.id,
  name: services.name,
  category: services.category,
  price: services.price,
  durationMinutes: services.durationMinutes,
  bufferMinutes: services.bufferMinutes,
  description: services.description,
  imageUrl: services.imageUrl,
};

/** A service as the server answers it: the buffer is always there. */
export type ServiceAnswer = Service & { bufferMinutes: number };

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
      description: row.description,
      image: { url: publicFileUrl(config, row.imageUrl) },
    }));
}

/** One service on offer; NOT_FOUND when there is none with that id (or it was removed). */
export function getService(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string): ServiceAnswer {
  const service = listServices(db, config, id)[0];
  if (!service) throw new TRPCError({ code: 'NOT_FOUND', message: SERVICE_RECORDS.notFound });
  return service;
}
