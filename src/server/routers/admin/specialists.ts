import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Weekday } from '../../../shared/constants';
import { byIdSchema, deletedSchema } from '../../../shared/schemas/fields';
import { createSpecialistSchema, specialistSchema, updateSpecialistSchema } from '../../../shared/schemas/specialist';
import { getSpecialist } from '../../catalogue/specialists';
import { createNamedRecord, SPECIALIST_RECORDS, softDelete, updateNamedRecord } from '../../catalogue/soft-deleted';
import type { DbOrTx } from '../../db/client';
import { newId } from '../../db/ids';
import { services, specialistDays, specialists, specialistServices } from '../../db/schema';
import { invalidFields } from '../../trpc/errors';
import { adminProcedure, router } from '../../trpc/init';

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
    throw invalidFields([{ path: 'expertise', message: `No service on offer has the id ${unknown}.` }]);
  }
}

/** Sets a specialist's working days and services to exactly these. */
function replaceSchedule(tx: DbOrTx, specialistId: string, days: Weekday[], serviceIds: string[]): void {
  tx.delete(specialistDays).where(eq(specialistDays.specialistId, specialistId)).run();
  tx.delete(specialistServices).where(eq(specialistServices.specialistId, specialistId)).run();
  tx.insert(specialistDays).values(days.map((day) => ({ specialistId, day }))).run();
  tx.insert(specialistServices).values(serviceIds.map((serviceId) => ({ specialistId, serviceId }))).run();
}

const columnsOf = (input: { name: string; phone: string; email: string; availableFrom: string; availableTo: string }) => ({
  name: input.name,
  phone: input.phone,
  email: input.email,
  availableFrom: input.availableFrom,
  availableTo: input.availableTo,
});

export const adminSpecialistsRouter = router({
  create: adminProcedure.input(createSpecialistSchema).output(specialistSchema).mutation(async ({ ctx, input }) => {
    assertServicesOnOffer(ctx.db, input.expertise);
    const id = newId();
    await createNamedRecord(ctx.db, ctx.config.uploadsDir, SPECIALIST_RECORDS, input, (tx, imageUrl) => {
      tx.insert(specialists).values({ id, ...columnsOf(input), imageUrl }).run();
      replaceSchedule(tx, id, input.availableDays, input.expertise);
    });
    return getSpecialist(ctx.db, ctx.config, id);
  }),

  /** Every field replaced; the image only when a new one is sent. */
  update: adminProcedure.input(updateSpecialistSchema).output(specialistSchema).mutation(async ({ ctx, input }) => {
    assertServicesOnOffer(ctx.db, input.expertise);
    await updateNamedRecord(ctx.db, ctx.config.uploadsDir, SPECIALIST_RECORDS, input, (tx, imageUrl) => {
      tx.update(specialists)
        .set({ ...columnsOf(input), ...(imageUrl === undefined ? {} : { imageUrl }) })
        .where(eq(specialists.id, input.id))
        .run();
      replaceSchedule(tx, input.id, input.availableDays, input.expertise);
    });
    return getSpecialist(ctx.db, ctx.config, input.id);
  }),

  /** The specialist leaves the public lists; their bookings stay readable (the row is kept). */
  delete: adminProcedure.input(byIdSchema).output(deletedSchema).mutation(({ ctx, input }) => softDelete(ctx.db, SPECIALIST_RECORDS, input.id)),
});
