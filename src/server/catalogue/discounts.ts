// What a discount looks like from outside, the columns read to build it, and the back office's
// writes (create, update, delete).
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { SERVICE_CATEGORIES, type ServiceCategory } from '@/shared/constants';
import { discountDateIssues, type Discount } from '@/shared/schemas/discounts';
import type { DbOrTx } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { discountCategories, discounts } from '@/server/db/schema';
import { salonDayOf, todayIn } from '@/server/domain/calendar';
import { preparedOnce } from '@/server/db/statements';
import { isDiscountActive } from '@/server/domain/discounts';
import { discountOn, priceAfterDiscount } from '@/shared/pricing';
import type { Config } from '@/server/env';
import { removeImageQuietly, writeWithImage } from '@/server/files/images';
import { publicFileUrl } from '@/server/files/urls';
import type { CatalogueDeps } from './deps';
import { InvalidFields, NotFound } from '@/server/errors';

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

/** Read in every booking's transaction: prepared once per connection (db/statements.ts). */
const statementsOf = preparedOnce((db) => ({
  runningOn: db
    .select({
      id: discounts.id,
      percentage: discounts.percentage,
      validFrom: discounts.validFrom,
      validTill: discounts.validTill,
      category: discountCategories.category,
    })
    .from(discounts)
    .innerJoin(discountCategories, eq(discountCategories.discountId, discounts.id))
    .where(and(lte(discounts.validFrom, sql.placeholder('day')), gte(discounts.validTill, sql.placeholder('day'))))
    .prepare(),
}));

/**
 * What a service of `category` at `listPrice` costs on `day`: the pricing rule of the
 * booking form (shared/pricing.ts) over the discounts running that day.
 */
export function priceOnDay(
  db: DbOrTx,
  category: string,
  listPrice: number,
  day: string,
): { price: number; discountPercentage: number | null } {
  const rows = statementsOf(db).runningOn.all({ day });
  const running = rows.map((row) => ({ ...row, category: [row.category] }));
  const discount = discountOn(running, category, day);
  return {
    price: priceAfterDiscount(listPrice, discount?.percentage),
    discountPercentage: discount?.percentage ?? null,
  };
}

export const discountNotFound = () => new NotFound('Discount not found');

/** One discount, expired or not; NOT_FOUND when there is none with that id. */
export function getDiscount(db: DbOrTx, config: Pick<Config, 'publicUrl'>, id: string, today: string): Discount {
  const discount = listDiscounts(db, config, { today, includeExpired: true, id })[0];
  if (!discount) throw discountNotFound();
  return discount;
}

/** A discount's fields as the admin's form sends them; dates are calendar days or date-times. */
export interface DiscountFields {
  title: string;
  percentage: number;
  description: string | null;
  validFrom: string;
  validTill: string;
  category: ServiceCategory[];
}

/**
 * The fields as stored: dates as salon calendar days (a date-time is read in the salon's zone),
 * checked against each other and today there.
 */
function storedFields(config: Pick<Config, 'timezone'>, input: DiscountFields) {
  const validFrom = salonDayOf(input.validFrom, config.timezone);
  const validTill = salonDayOf(input.validTill, config.timezone);
  const [first, ...rest] = discountDateIssues(validFrom, validTill, todayIn(config.timezone));
  if (first) throw new InvalidFields([first, ...rest]);
  return { title: input.title, percentage: input.percentage, description: input.description, validFrom, validTill };
}

function replaceCategories(tx: DbOrTx, discountId: string, categories: ServiceCategory[]): void {
  tx.delete(discountCategories).where(eq(discountCategories.discountId, discountId)).run();
  tx.insert(discountCategories)
    .values(categories.map((category) => ({ discountId, category })))
    .run();
}

const imageOf = (db: DbOrTx, id: string): string => {
  const row = db.select({ imageUrl: discounts.imageUrl }).from(discounts).where(eq(discounts.id, id)).get();
  if (!row) throw discountNotFound();
  return row.imageUrl;
};

/** Every discount, expired ones included (the back office). */
export const listAllDiscounts = (deps: CatalogueDeps): Discount[] =>
  listDiscounts(deps.db, deps.config, { today: todayIn(deps.config.timezone), includeExpired: true });

export async function createDiscount(
  deps: CatalogueDeps,
  input: DiscountFields & { image: string },
): Promise<Discount> {
  const { db, config } = deps;
  const fields = storedFields(config, input);
  const id = newId();
  await writeWithImage(config.uploadsDir, input.image, (imageUrl) =>
    db.transaction(
      (tx) => {
        tx.insert(discounts)
          .values({ id, ...fields, imageUrl })
          .run();
        replaceCategories(tx, id, input.category);
        return { result: id };
      },
      { behavior: 'immediate' },
    ),
  );
  return getDiscount(db, config, id, todayIn(config.timezone));
}

/** Every field replaced; the image only when a new one is sent. */
export async function updateDiscount(
  deps: CatalogueDeps,
  input: DiscountFields & { id: string; image?: string | undefined },
): Promise<Discount> {
  const { db, config } = deps;
  // Unknown id and wrong dates are answered before the new image is stored.
  imageOf(db, input.id);
  const fields = storedFields(config, input);
  await writeWithImage(config.uploadsDir, input.image, (imageUrl) =>
    db.transaction(
      (tx) => {
        const replacedImageUrl = imageOf(tx, input.id);
        tx.update(discounts)
          .set({ ...fields, ...(imageUrl === undefined ? {} : { imageUrl }) })
          .where(eq(discounts.id, input.id))
          .run();
        replaceCategories(tx, input.id, input.category);
        return { result: input.id, replacedImageUrl };
      },
      { behavior: 'immediate' },
    ),
  );
  return getDiscount(db, config, input.id, todayIn(config.timezone));
}

/** Deletes the discount for good (nothing refers to it), and its image. */
export async function deleteDiscount(deps: CatalogueDeps, id: string): Promise<{ _id: string }> {
  const removed = deps.db
    .delete(discounts)
    .where(eq(discounts.id, id))
    .returning({ imageUrl: discounts.imageUrl })
    .get();
  if (!removed) throw discountNotFound();
  await removeImageQuietly(removed.imageUrl, deps.config.uploadsDir);
  return { _id: id };
}
