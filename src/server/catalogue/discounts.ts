// What a discount looks like from outside, and the columns read to build it.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { SERVICE_CATEGORIES, type ServiceCategory } from '../../shared/constants';
import type { Discount } from '../../shared/schemas/discount';
import type { DbOrTx } from '../db/client';
import { discountCategories, discounts } from '../db/schema';
import { isDiscountActive } from '../domain/discounts';
import type { Config } from '../env';
import { publicFileUrl } from '../files/urls';

const byCategory = (a: ServiceCategory, b: ServiceCategory) =>
  SERVICE_CATEGORIES.indexOf(a) - SERVICE_CATEGORIES.indexOf(b);

export interface DiscountQuery {
  /** Today in the salon's time zone, for `isActive` and for leaving out expired ones. */
  today: string;
  /** Every discount, expired ones too (the back office). */
  includeExpired?: boolean;
  id?: string;
}

/**
 * Discounts by start date, so the first one in the list (the site's banner) is the one running
 * now, or else the next to start.
 */
export function listDiscounts(db: DbOrTx, config: Pick<Config, 'publicUrl'>, query: DiscountQuery): Discount[] {
  const rows = db
    .select({
      id: discounts.id,
      title: discounts.title,
      percentage: discounts.percentage,
      description: discounts.description,
      validFrom: discounts.validFrom,
      validTill: discounts.validTill,
      imageUrl: discounts.imageUrl,
    })
    .from(discounts)
    .where(
      and(
        // The same comparison as isDiscountExpired, done by the database (indexed).
        query.includeExpired ? undefined : gte(discounts.validTill, query.today),
        query.id === undefined ? undefined : eq(discounts.id, query.id),
      ),
    )
    .orderBy(asc(discounts.validFrom), asc(discounts.validTill), asc(discounts.id))
    .all();
  if (rows.length === 0) return [];

  const categories = new Map<string, ServiceCategory[]>();
  for (const row of db
    .select({ discountId: discountCategories.discountId, category: discountCategories.category })
    .from(discountCategories)
    .where(
      inArray(
        discountCategories.discountId,
        rows.map((row) => row.id),
      ),
    )
    .all()) {
    categories.set(row.discountId, [...(categories.get(row.discountId) ?? []), row.category]);
  }

  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    percentage: row.percentage,
    category: (categories.get(row.id) ?? []).sort(byCategory),
    description: row.description,
    validFrom: row.validFrom,
    validTill: row.validTill,
    image: { url: publicFileUrl(config, row.imageUrl) },
    isActive: isDiscountActive(row, query.today),
  }));
}

export const discountNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Discount not found' });

/** One discount, expired or not; NOT_FOUND when there is none with that id. */
export function getDiscount(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string, today: string): Discount {
  const discount = listDiscounts(db, config, { today, includeExpired: true, id })[0];
  if (!discount) throw discountNotFound();
  return discount;
}
