// The salon's closed days (README "The salon's day"): a whole day closed for everyone. The server and
// the forms share these.
import { z } from 'zod';
import { bookingSchema } from './bookings';
import { calendarDayField, reasonField } from './fields';

/** `POST /admin/closures`: a whole day closed for everyone. */
export const createClosureSchema = z.object({ date: calendarDayField('Date'), reason: reasonField });
export type CreateClosureInput = z.input<typeof createClosureSchema>;

export const closureSchema = z
  .object({ _id: z.string(), date: z.string(), reason: z.string().nullable() })
  .meta({ id: 'Closure' });
export type Closure = z.infer<typeof closureSchema>;

/** What adding a closure answers: it, and the open bookings on its day (none is cancelled). */
export const closureCreatedSchema = closureSchema
  .extend({ affectedBookings: z.array(bookingSchema) })
  .meta({ id: 'ClosureCreated' });
