import { eq } from 'drizzle-orm';
import type { ServiceCategory } from '../../../shared/constants';
import { z } from 'zod';
import {
  createDiscountSchema,
  discountDateIssues,
  discountSchema,
  updateDiscountSchema,
} from '../../../shared/schemas/discount';
import { byIdSchema, deletedSchema } from '../../../shared/schemas/fields';
import { discountNotFound, getDiscount, listDiscounts } from '../../catalogue/discounts';
import type { DbOrTx } from '../../db/client';
import { newId } from '../../db/ids';
import { discountCategories, discounts } from '../../db/schema';
import { salonDayOf, todayIn } from '../../domain/calendar';
import { removeImageQuietly, writeWithImage } from '../../files/images';
import type { Context } from '../../trpc/context';
import { invalidFields } from '../../trpc/errors';
import { adminProcedure, router } from '../../trpc/init';

const salonToday = (ctx: Pick<Context, 'config'>) => todayIn(ctx.config.timezone);

/**
 * The fields as stored: dates as salon calendar days (a date-time is read in the salon's zone),
 * checked against each other and today there.
 */
function storedFields(
  ctx: Pick<Context, 'config'>,
  input: { title: string; percentage: number; description: string | null; validFrom: string; validTill: string },
) {
  const validFrom = salonDayOf(input.validFrom, ctx.config.timezone);
  const validTill = salonDayOf(input.validTill, ctx.config.timezone);
  const [first, ...rest] = discountDateIssues(validFrom, validTill, salonToday(ctx));
  if (first) throw invalidFields([first, ...rest]);
  return { title: input.title, percentage: input.percentage, description: input.description, validFrom, validTill };
}

function replaceCategories(tx: DbOrTx, discountId: string, categories: ServiceCategory[]): void {
  tx.delete(discountCategories).where(eq(discountCategories.discountId, discountId)).run();
  tx.insert(discountCategories).values(categories.map((category) => ({ discountId, category }))).run();
}

const imageOf = (db: DbOrTx, id: string): string => {
  const row = db.select({ imageUrl: discounts.imageUrl }).from(discounts).where(eq(discounts.id, id)).get();
  if (!row) throw discountNotFound();
  return row.imageUrl;
};

export const adminDiscountsRouter = router({
  /** Every discount, expired ones included. */
  list: adminProcedure.output(z.array(discountSchema)).query(({ ctx }) =>
    listDiscounts(ctx.db, ctx.config, { today: salonToday(ctx), includeExpired: true }),
  ),

  create: adminProcedure.input(createDiscountSchema).output(discountSchema).mutation(async ({ ctx, input }) => {
    const fields = storedFields(ctx, input);
    const id = newId();
    await writeWithImage(ctx.config.uploadsDir, input.image, (imageUrl) =>
      ctx.db.transaction((tx) => {
        tx.insert(discounts).values({ id, ...fields, imageUrl }).run();
        replaceCategories(tx, id, input.category);
        return { result: id };
      }, { behavior: 'immediate' }),
    );
    return getDiscount(ctx.db, ctx.config, id, salonToday(ctx));
  }),

  /** Every field replaced; the image only when a new one is sent. */
  update: adminProcedure.input(updateDiscountSchema).output(discountSchema).mutation(async ({ ctx, input }) => {
    // Unknown id and wrong dates are answered before the new image is stored.
    imageOf(ctx.db, input.id);
    const fields = storedFields(ctx, input);
    await writeWithImage(ctx.config.uploadsDir, input.image, (imageUrl) =>
      ctx.db.transaction((tx) => {
        const replacedImageUrl = imageOf(tx, input.id);
        tx.update(discounts)
          .set({ ...fields, ...(imageUrl === undefined ? {} : { imageUrl }) })
          .where(eq(discounts.id, input.id))
          .run();
        replaceCategories(tx, input.id, input.category);
        return { result: input.id, replacedImageUrl };
      }, { behavior: 'immediate' }),
    );
    return getDiscount(ctx.db, ctx.config, input.id, salonToday(ctx));
  }),

  /** Deletes the discount for good (nothing refers to it), and its image. */
  delete: adminProcedure.input(byIdSchema).output(deletedSchema).mutation(async ({ ctx, input }) => {
    const removed = ctx.db
      .delete(discounts)
      .where(eq(discounts.id, input.id))
      .returning({ imageUrl: discounts.imageUrl })
      .get();
    if (!removed) throw discountNotFound();
    await removeImageQuietly(removed.imageUrl, ctx.config.uploadsDir);
    return { _id: input.id };
  }),
});
