import { z } from 'zod';
import { cashUpSchema, cashUpsPeriodSchema, createCashUpSchema } from '@/shared/schemas/sales';
import { FRONT_DESK, MANAGERS } from '@/shared/roles';
import { createCashUp, listCashUps } from '@/server/sales/cash-ups';
import { router, staffProcedure } from '@/server/trpc/init';

/** A day's cash-up (README "The till"): the front desk counts, owners and managers read the history. */
export const adminCashUpsRouter = router({
  create: staffProcedure(FRONT_DESK)
    .meta({ activity: 'till' })
    .input(createCashUpSchema)
    .output(cashUpSchema)
    .mutation(({ ctx, input }) => createCashUp(ctx, input)),

  list: staffProcedure(MANAGERS)
    .input(cashUpsPeriodSchema)
    .output(z.array(cashUpSchema))
    .query(({ ctx, input }) => listCashUps(ctx.db, input)),
});
