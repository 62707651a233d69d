import { z } from 'zod';
import { createDiscountSchema, discountSchema, updateDiscountSchema } from '@/shared/schemas/discounts';
import { byIdSchema, deletedSchema } from '@/shared/schemas/fields';
import { createDiscount, deleteDiscount, listAllDiscounts, updateDiscount } from '@/server/catalogue/discounts';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

export const adminDiscountsRouter = router({
  /** Every discount, expired ones included. */
  list: staffProcedure(MANAGERS)
    .output(z.array(discountSchema))
    .query(({ ctx }) => listAllDiscounts(ctx)),

  create: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'discount', action: 'created' } })
    .input(createDiscountSchema)
    .output(discountSchema)
    .mutation(({ ctx, input }) => createDiscount(ctx, input)),

  /** Every field replaced; the image only when a new one is sent. */
  update: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'discount', action: 'updated' } })
    .input(updateDiscountSchema)
    .output(discountSchema)
    .mutation(({ ctx, input }) => updateDiscount(ctx, input)),

  /** Deletes the discount for good (nothing refers to it), and its image. */
  delete: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'discount', action: 'deleted' } })
    .input(byIdSchema)
    .output(deletedSchema)
    .mutation(({ ctx, input }) => deleteDiscount(ctx, input.id)),
});
