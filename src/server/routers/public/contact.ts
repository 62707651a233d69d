import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { contactInfoSchema } from '../../../shared/schemas/account';
import { salonContact } from '../../db/schema';
import { publicProcedure, router } from '../../trpc/init';

export interface ContactInfo {
  address: string;
  email: string;
  phone: string;
  secondaryPhone: string | null;
  location: { lat: number; lng: number };
}

export const contactRouter = router({
  /** The salon's contact details, as last saved in the admin's Account Setting. */
  info: publicProcedure.output(contactInfoSchema).query(({ ctx }): ContactInfo => {
    const row = ctx.db.select().from(salonContact).where(eq(salonContact.id, 1)).get();
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'The salon has not published its contact details yet.' });
    return {
      address: row.address,
      email: row.email,
      phone: row.phone,
      secondaryPhone: row.secondaryPhone,
      location: { lat: row.latitude, lng: row.longitude },
    };
  }),
});
