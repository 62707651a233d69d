// The waitlist: a customer who found no time that suits asks to be told when one comes free
// (README "Waitlist"): for a service or a visit, a specialist or any, some days and a part of the day.
import { z } from 'zod';
import {
  PARTS_OF_DAY,
  WAITLIST_DAYS_MAX,
  WAITLIST_HOLD_MINUTES,
  WAITLIST_OFFER_STATUSES,
  WAITLIST_STORED_STATUSES,
  type PartOfDay,
} from '@/shared/constants';
import { formatClock } from '@/shared/time-format';
import { bookingDateField, timeSlotField } from './bookings';
import { idField, requiredText, whenFieldsValid } from './fields';
import { visitItemsField } from './visits';

/** What joining the waitlist does for the customer, as the form and My appointments say it. */
export const WAITLIST_PROMISE = `When a time that suits comes free, the salon can offer it to you by e-mail, held for you alone for ${String(WAITLIST_HOLD_MINUTES)} minutes.`;

export const WAITLIST_DAYS_REVERSED = 'The last day must not be before the first.';
export const WAITLIST_DAYS_TOO_MANY = `A waitlist entry covers at most ${String(WAITLIST_DAYS_MAX)} days. Choose fewer days.`;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included. */
const daysFromTo = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** Morning before noon, afternoon until five, evening after: `HH:MM` start times as text. */
export const PART_OF_DAY_HOURS: Record<Exclude<PartOfDay, 'any'>, { from: string; to: string }> = {
  morning: { from: '00:00', to: '12:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '24:00' },
};

/** Whether a time (`HH:MM`, when it starts) belongs to the part of the day an entry asked for. */
export function inPartOfDay(timeSlot: string, part: PartOfDay): boolean {
  if (part === 'any') return true;
  const { from, to } = PART_OF_DAY_HOURS[part];
  return timeSlot >= from && timeSlot < to;
}

/** "Morning (before 12:00 PM)": a part of the day as the forms and lists name it. */
export function partOfDayLabel(part: PartOfDay): string {
  if (part === 'any') return 'Any time';
  const { from, to } = PART_OF_DAY_HOURS[part];
  if (part === 'morning') return `Morning (before ${formatClock(to)})`;
  if (part === 'evening') return `Evening (from ${formatClock(from)})`;
  return `Afternoon (${formatClock(from)} to ${formatClock(to)})`;
}

/** "Classic Manicure with Maya Chen, then Gel Pedicure with anyone": what an entry waits for. */
export const waitlistItemsText = (
  items: readonly { service: { name: string }; specialist: { name: string } | null }[],
) =>
  items.map((item) => `${item.service.name} with ${item.specialist ? item.specialist.name : 'anyone'}`).join(', then ');

/** `customer.waitlist.join` (`POST /users/waitlist`): what the customer waits for. */
export const joinWaitlistSchema = z
  .object({
    /** The services in order, each with its specialist (id or name) or `any`: a visit's items. */
    items: visitItemsField,
    /** The first and last day that would suit, both included. */
    fromDate: bookingDateField,
    toDate: bookingDateField,
    partOfDay: z.enum(PARTS_OF_DAY, 'Choose morning, afternoon, evening or any time').default('any'),
  })
  .refine((value) => value.toDate >= value.fromDate, {
    message: WAITLIST_DAYS_REVERSED,
    path: ['toDate'],
    when: whenFieldsValid('fromDate', 'toDate'),
  })
  .refine((value) => daysFromTo(value.fromDate, value.toDate) <= WAITLIST_DAYS_MAX, {
    message: WAITLIST_DAYS_TOO_MANY,
    path: ['toDate'],
    when: whenFieldsValid('fromDate', 'toDate'),
  });
export type JoinWaitlistInput = z.input<typeof joinWaitlistSchema>;

/** `admin.waitlist.list` (`GET /admin/waitlist?date=`): the entries waiting for a day. */
export const waitlistDaySchema = z.object({ date: bookingDateField });
export type WaitlistDayInput = z.input<typeof waitlistDaySchema>;

export const WAITLIST_STATUSES = [...WAITLIST_STORED_STATUSES, 'expired'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

const named = z.object({ _id: z.string(), name: z.string() });

/** A waitlist entry as its customer sees it. */
export const waitlistEntrySchema = z
  .object({
    _id: z.string(),
    items: z.array(z.object({ service: named, specialist: named.nullable() })),
    fromDate: z.string(),
    toDate: z.string(),
    partOfDay: z.enum(PARTS_OF_DAY),
    status: z.enum(WAITLIST_STATUSES),
    /** When the customer joined: the longest waiting is offered a freed time first. */
    createdAt: z.string(),
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** An entry as the salon sees it: with its customer. */
export const salonWaitlistEntrySchema = waitlistEntrySchema
  .extend({
    customer: z.object({ _id: z.string(), fullName: z.string(), email: z.string(), phone: z.string() }),
    /** The time on offer to it now, held until `heldUntil` (salon wall clock); null: none. */
    offer: z
      .object({ _id: z.string(), bookingDate: z.string(), timeSlot: z.string(), heldUntil: z.string() })
      .nullable(),
  })
  .meta({ id: 'SalonWaitlistEntry' });
export type SalonWaitlistEntry = z.infer<typeof salonWaitlistEntrySchema>;

/** `admin.waitlist.offer` (`POST /admin/waitlist/{id}/offer`): a time offered to an entry by hand. */
export const waitlistOfferInputSchema = z.object({
  id: idField,
  bookingDate: bookingDateField,
  timeSlot: timeSlotField,
});
export type WaitlistOfferInput = z.output<typeof waitlistOfferInputSchema>;

/** The link's token of an offered time (`/waitlist/offers/{token}`). */
export const offerTokenSchema = z.object({ token: requiredText('The link is not valid', 64) });
export type OfferTokenInput = z.input<typeof offerTokenSchema>;

/** A time offered to a waitlist entry, held for its customer alone until `expiresAt`. */
export const waitlistOfferSchema = z
  .object({
    _id: z.string(),
    entryId: z.string(),
    bookingDate: z.string(),
    timeSlot: z.string(),
    /** The entry's services in order, each with the specialist placed. */
    items: z.array(z.object({ service: named, specialist: named })),
    /** `expired`: not taken up while held. */
    status: z.enum(WAITLIST_OFFER_STATUSES),
    expiresAt: z.string(),
    /** The same instant on the salon's clock, `YYYY-MM-DDTHH:MM`. */
    heldUntil: z.string(),
    /** The booking (or visit) made from it. */
    bookingId: z.string().nullable(),
  })
  .meta({ id: 'WaitlistOffer' });
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;
