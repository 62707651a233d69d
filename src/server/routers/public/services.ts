import { asc, isNull } from 'drizzle-orm';
import type { Service } from '../../../shared/schemas/service';
import { services } from '../../db/schema';
import { publicFileUrl } from '../../files/urls';
import { publicProcedure, router } from '../../trpc/init';

export const publicServicesRouter = router({
  /** Every service on offer (removed ones excluded), oldest first. */
  list: publicProcedure.query(({ ctx }): Service[] => {
    const rows = ctx.db
      .select({
        id: services.id,
        name: services.name,
        category: services.category,
        price: services.price,
        durationMinutes: services.durationMinutes,
        description: services.description,
        imageUrl: services.imageUrl,
      })
      .from(services)
      .where(isNull(services.deletedAt))
      .orderBy(asc(services.createdAt), asc(services.id))
      .all();
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      category: row.category,
      price: row.price,
      duration: row.durationMinutes,
      description: row.description,
      image: { url: publicFileUrl(ctx.config, row.imageUrl) },
    }));
  }),
});
