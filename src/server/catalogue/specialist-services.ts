// What each specialist offers and on what terms: a service at their own price and length where
// set (a senior's colour dearer, a junior's longer), else the service's own.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { SpecialistServiceTerms, UpdateSpecialistServicesOutput } from '@/shared/schemas/specialists';
import type { DbOrTx } from '@/server/db/client';
import { services, specialists, specialistServices } from '@/server/db/schema';
import { InvalidFields, NotFound } from '@/server/errors';
import { SPECIALIST_RECORDS } from './soft-deleted';

/** A specialist's price and length for a service: their own where set, else the service's. */
export interface SpecialistTerms {
  price: number;
  durationMinutes: number;
}

/** The specialist's own price (whole cents) and length where set, else the service's. */
export const termsFor = (
  service: { price: number; durationMinutes: number },
  own: { priceCents: number | null; ownDurationMinutes: number | null },
): SpecialistTerms => ({
  price: own.priceCents === null ? service.price : own.priceCents / 100,
  durationMinutes: own.ownDurationMinutes ?? service.durationMinutes,
});

/** Dollars as whole cents (a price is given to the cent). */
const centsOf = (dollars: number): number => Math.round(dollars * 100);

function assertLiveSpecialist(db: DbOrTx, id: string): void {
  const found = db
    .select({ id: specialists.id })
    .from(specialists)
    .where(and(eq(specialists.id, id), isNull(specialists.deletedAt)))
    .get();
  if (!found) throw new NotFound(SPECIALIST_RECORDS.notFound);
}

/**
 * The services a specialist offers (on offer still), oldest first, each with the service's own
 * price and length and the specialist's own (null: the service's applies).
 */
export function specialistServiceTerms(db: DbOrTx, specialistId: string): SpecialistServiceTerms {
  assertLiveSpecialist(db, specialistId);
  const rows = db
    .select({
      id: services.id,
      name: services.name,
      price: services.price,
      durationMinutes: services.durationMinutes,
      priceCents: specialistServices.priceCents,
      ownDurationMinutes: specialistServices.durationMinutes,
    })
    .from(specialistServices)
    .innerJoin(services, eq(services.id, specialistServices.serviceId))
    .where(and(eq(specialistServices.specialistId, specialistId), isNull(services.deletedAt)))
    .orderBy(asc(services.createdAt), asc(services.id))
    .all();
  return {
    services: rows.map((row) => ({
      service: { _id: row.id, name: row.name, price: row.price, duration: row.durationMinutes },
      price: row.priceCents === null ? null : row.priceCents / 100,
      duration: row.ownDurationMinutes,
    })),
  };
}

/**
 * Sets what the specialist offers to exactly these services, each at its own price and length or
 * the service's (null). A service not on offer is refused at its line; nothing changes then.
 */
export function replaceSpecialistServiceTerms(
  db: DbOrTx,
  input: UpdateSpecialistServicesOutput,
): SpecialistServiceTerms {
  return db.transaction((tx) => {
    assertLiveSpecialist(tx, input.id);
    const problems = input.services.flatMap((line, index) => {
      const live = tx
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.id, line.service), isNull(services.deletedAt)))
        .get();
      return live
        ? []
        : [{ path: `services.${index}.service`, message: `No service on offer has the id ${line.service}.` }];
    });
    const [problem, ...more] = problems;
    if (problem) throw new InvalidFields([problem, ...more]);
    tx.delete(specialistServices).where(eq(specialistServices.specialistId, input.id)).run();
    tx.insert(specialistServices)
      .values(
        input.services.map((line) => ({
          specialistId: input.id,
          serviceId: line.service,
          priceCents: line.price === null ? null : centsOf(line.price),
          durationMinutes: line.duration,
        })),
      )
      .run();
    return specialistServiceTerms(tx, input.id);
  });
}
