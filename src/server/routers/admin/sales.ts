import { z } from 'zod';
import { byIdSchema } from '@/shared/schemas/fields';
import {
  createSaleSchema,
  receiptSentSchema,
  refundInputSchema,
  salesPeriodSchema,
  saleSchema,
  sendReceiptSchema,
  tipsQuerySchema,
  tipsSchema,
} from '@/shared/schemas/sales';
import { FRONT_DESK, MANAGERS, SEES_TIPS } from '@/shared/roles';
import { Forbidden } from '@/server/errors';
import { ownSpecialistOf } from '@/server/auth/staff-scope';
import { sendReceipt } from '@/server/sales/receipts';
import { refundSale } from '@/server/sales/refunds';
import { createSale, getSale, listSales, listTips } from '@/server/sales/sales';
import { router, staffProcedure } from '@/server/trpc/init';

/** The till's sales (README "The till"): payments recorded, not processed. */
export const adminSalesRouter = router({
  /** Checks out a visit (it becomes completed) or sells at the desk; paid in full, tips included. */
  create: staffProcedure(FRONT_DESK)
    .meta({ activity: 'till' })
    .input(createSaleSchema)
    .output(saleSchema)
    .mutation(({ ctx, input }) => createSale(ctx, input)),

  /** The sales taken on a period's days, newest first. */
  list: staffProcedure(FRONT_DESK)
    .input(salesPeriodSchema)
    .output(z.array(saleSchema))
    .query(({ ctx, input }) => listSales(ctx.db, input)),

  /** One sale, with its lines, payments, tips and refunds. */
  get: staffProcedure(FRONT_DESK)
    .input(byIdSchema)
    .output(saleSchema)
    .query(({ ctx, input }) => getSale(ctx.db, input.id)),

  /** Gives back part or all of a sale by one method, with a reason. */
  refund: staffProcedure(MANAGERS)
    .meta({ activity: 'till' })
    .input(refundInputSchema)
    .output(saleSchema)
    .mutation(({ ctx, input }) => refundSale(ctx, input)),

  /** Mails the receipt to the customer (or to the address given). */
  sendReceipt: staffProcedure(FRONT_DESK)
    .meta({ activity: 'none' })
    .input(sendReceiptSchema)
    .output(receiptSentSchema)
    .mutation(({ ctx, input }) => sendReceipt(ctx, input.id, input.email)),

  /** The tips of a period: a specialist's account sees its own; owners and managers anyone's. */
  tips: staffProcedure(SEES_TIPS)
    .input(tipsQuerySchema)
    .output(tipsSchema)
    .query(({ ctx, input }) => {
      const own = ownSpecialistOf(ctx.admin);
      if (own !== undefined && input.specialistId !== undefined && input.specialistId !== own) {
        throw new Forbidden('Specialists see their own tips only.');
      }
      return listTips(ctx.db, { ...input, specialistId: own ?? input.specialistId });
    }),
});
