import { z } from 'zod';
import { SERVICE_CATEGORIES } from '../constants';

/** A service as every caller sees it: tRPC, `/api/v1/services` and the pages. */
export const serviceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  price: z.number(),
  duration: z.number().int(),
  description: z.string(),
  image: z.object({ url: z.string() }),
});
export type Service = z.infer<typeof serviceSchema>;
