// The salon's notification switch (Settings > Notifications). The form and the procedures share these.
import { z } from 'zod';

export const notificationSettingsSchema = z.object({
  /** A mail to the salon's contact e-mail for each new, moved or cancelled booking. */
  notifyBookings: z.boolean('Choose on or off'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What the Notifications section shows beside the switch. */
export const notificationSettingsViewSchema = notificationSettingsSchema.extend({
  /** Where the salon's copies go (the contact e-mail); empty when none is set. */
  salonEmail: z.string(),
  /** REMINDER_HOURS and REVIEW_REQUEST_HOURS, as configured (0: off). */
  reminderHours: z.number(),
  reviewRequestHours: z.number(),
});
export type NotificationSettingsView = z.infer<typeof notificationSettingsViewSchema>;
