import { z } from 'zod';
import {
  createVoucherSchema,
  voidVoucherSchema,
  voucherByCodeSchema,
  voucherDetailsSchema,
  voucherSchema,
} from '@/shared/schemas/sales';
import { FRONT_DESK, MANAGERS } from '@/shared/roles';
import { listVouchers, sellVoucher, voidVoucher, voucherDetails } from '@/server/sales/vouchers';
import { router, staffProcedure } from '@/server/trpc/init';

/** Gift vouchers (README "Gift vouchers"). */
export const adminVouchersRouter = router({
  /** Sells a voucher at the desk: a sale of its own, and a code; mailed when an address is given. */
  create: staffProcedure(FRONT_DESK)
    .meta({ activity: 'till' })
    .input(createVoucherSchema)
    .output(voucherDetailsSchema)
    .mutation(({ ctx, input }) => sellVoucher(ctx, input)),

  /** Every voucher, newest first, with its balance. */
  list: staffProcedure(FRONT_DESK)
    .output(z.array(voucherSchema))
    .query(({ ctx }) => listVouchers(ctx.db, ctx.config.timezone)),

  /** One voucher by its code, with its history. */
  byCode: staffProcedure(FRONT_DESK)
    .input(voucherByCodeSchema)
    .output(voucherDetailsSchema)
    .query(({ ctx, input }) => voucherDetails(ctx.db, ctx.config.timezone, input.code)),

  /** Voids a voucher: it can no longer be spent. */
  void: staffProcedure(MANAGERS)
    .meta({ activity: 'till' })
    .input(voidVoucherSchema)
    .output(voucherDetailsSchema)
    .mutation(({ ctx, input }) => voidVoucher(ctx, input.id, input.reason)),
});
