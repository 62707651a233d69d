// The salon's own switches: whether the salon is mailed about each new, moved or
// cancelled booking. One row; absent means the defaults.
import { eq } from 'drizzle-orm';
import type { NotificationSettings, NotificationSettingsView } from '@/shared/schemas/notifications';
import type { DbOrTx } from '@/server/db/client';
import { salonContact, salonSettings } from '@/server/db/schema';
import type { Config } from '@/server/env';

const DEFAULTS: NotificationSettings = { notifyBookings: true };

export function getNotificationSettings(db: DbOrTx): NotificationSettings {
  const row = db
    .select({ notifyBookings: salonSettings.notifyBookings })
    .from(salonSettings)
    .where(eq(salonSettings.id, 1))
    .get();
  return row ?? DEFAULTS;
}

/** The switches with what they act on: the salon's contact e-mail and the configured delays. */
export function notificationSettingsView(
  db: DbOrTx,
  config: Pick<Config, 'reminderHours' | 'reviewRequestHours'>,
): NotificationSettingsView {
  const contact = db.select({ email: salonContact.email }).from(salonContact).where(eq(salonContact.id, 1)).get();
  return {
    ...getNotificationSettings(db),
    salonEmail: contact?.email ?? '',
    reminderHours: config.reminderHours,
    reviewRequestHours: config.reviewRequestHours,
  };
}

export function updateNotificationSettings(db: DbOrTx, settings: NotificationSettings): void {
  db.insert(salonSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: salonSettings.id, set: { ...settings, updatedAt: new Date() } })
    .run();
}
