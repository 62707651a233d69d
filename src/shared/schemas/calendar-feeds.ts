// Calendar feeds: a private iCalendar address per specialist (shown in My day) and one for the whole
// salon (the owner's), which calendar apps subscribe to. A new address stops the old one.
import { z } from 'zod';
import { ID_MAX_LENGTH } from '@/shared/constants';
import { requiredText } from './fields';

/** One feed as the back office shows it: whose it is and its address. */
export const calendarFeedSchema = z
  .object({
    /** `salon`, or the specialist's id. */
    scope: z.string(),
    /** Null for the salon's feed. */
    specialistId: z.string().nullable(),
    /** The specialist's name, or the salon's. */
    name: z.string(),
    /** The absolute `.ics` address to subscribe to; whoever has it sees the bookings in it. */
    url: z.string(),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedsSchema = z.array(calendarFeedSchema);

/** `POST /admin/calendar-feeds/regenerate`: a new address for a specialist's feed, or the salon's (null). */
export const regenerateCalendarFeedSchema = z.object({
  specialistId: requiredText('Specialist id is required', ID_MAX_LENGTH).nullable(),
});
export type RegenerateCalendarFeedInput = z.input<typeof regenerateCalendarFeedSchema>;
