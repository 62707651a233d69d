// What a specialist looks like from outside, and the columns read to build it.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { WEEKDAYS, type Weekday } from '../../shared/constants';
import type { Specialist } from '../../shared/schemas/specialist';
import type { DbOrTx } from '../db/client';
import { services, specialistDays, specialists, specialistServices } from '../db/schema';
import type { Config } from '../env';
import { publicFileUrl } from '../files/urls';
import { SPECIALIST_RECORDS } from './soft-deleted';

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

  const expertise = new Map<string, { _id: string; name: string }[]>();
  for (const row of db
    .select({ specialistId: specialistServices.specialistId, serviceId: services.id, name: services.name })
    .from(specialistServices)
    .innerJoin(services, eq(services.id, specialistServices.serviceId))
    .where(and(inArray(specialistServices.specialistId, ids), isNull(services.deletedAt)))
    .orderBy(asc(services.createdAt), asc(services.id))
    .all()) {
    expertise.set(row.specialistId, [...(expertise.get(row.specialistId) ?? []), { _id: row.serviceId, name: row.name }]);
  }

  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    expertise: expertise.get(row.id) ?? [],
    availableFrom: row.availableFrom,
    availableTo: row.availableTo,
    availableDays: (days.get(row.id) ?? []).sort(byWeekday),
    image: { url: publicFileUrl(config, row.imageUrl) },
  }));
}

/** One specialist still working here; NOT_FOUND when there is none with that id. */
export function getSpecialist(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string): Specialist {
  const specialist = listSpecialists(db, config, id)[0];
  if (!specialist) throw new TRPCError({ code: 'NOT_FOUND', message: SPECIALIST_RECORDS.notFound });
  return specialist;
}
