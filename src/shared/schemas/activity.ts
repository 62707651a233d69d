// Who changed what (README "Who changed what"): a booking's timeline and Settings → Activity.
import { z } from 'zod';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ACTORS,
  ACTIVITY_ENTITIES,
  ACTIVITY_PAGE_SIZE_MAX,
  ID_MAX_LENGTH,
  STAFF_ROLES,
} from '@/shared/constants';
import { blankToUndefined, calendarDayField, wholeNumberFromText } from './fields';

/** One change: when, who (a customer, a member of staff with their role, an API token by its name, the system), to what. */
export const activityEntrySchema = z
  .object({
    _id: z.string(),
    at: z.iso.datetime(),
    actorKind: z.enum(ACTIVITY_ACTORS),
    actorName: z.string(),
    actorRole: z.enum(STAFF_ROLES).nullable(),
    entity: z.enum(ACTIVITY_ENTITIES),
    entityId: z.string().nullable(),
    entityLabel: z.string(),
    action: z.enum(ACTIVITY_ACTIONS),
    detail: z.string(),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityListSchema = z.array(activityEntrySchema);

export const activityPageSchema = z
  .object({
    items: z.array(activityEntrySchema),
    /** Changes matching the filters, on every page. */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;

const optionalDay = (label: string) => z.preprocess(blankToUndefined, calendarDayField(label).optional());

/**
 * Settings → Activity's filters and `GET /admin/activity`: salon days from and to (both included),
 * who (a kind of actor, or a team member's or API token's id), what kind of thing, and the page.
 */
export const activityQuerySchema = z
  .object({
    from: optionalDay('From'),
    to: optionalDay('To'),
    actor: z.preprocess(
      blankToUndefined,
      z.string().trim().max(ID_MAX_LENGTH, 'Actor must be a kind of actor or an account id').optional(),
    ),
    entity: z.preprocess(
      (value) => (value === 'all' ? undefined : blankToUndefined(value)),
      z.enum(ACTIVITY_ENTITIES, `Entity must be one of ${ACTIVITY_ENTITIES.join(', ')}`).optional(),
    ),
    page: wholeNumberFromText('Page', 1, 100_000),
    limit: wholeNumberFromText('Limit', 1, ACTIVITY_PAGE_SIZE_MAX),
  })
  .refine((value) => value.from === undefined || value.to === undefined || value.from <= value.to, {
    message: 'From must be on or before To',
    path: ['to'],
  })
  .optional();
export type ActivityQueryInput = z.input<typeof activityQuerySchema>;
