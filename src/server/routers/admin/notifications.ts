// Settings > Notifications: the salon's notification switch.
import { notificationSettingsSchema, notificationSettingsViewSchema } from '@/shared/schemas/notifications';
import { notificationSettingsView, updateNotificationSettings } from '@/server/salon/settings';
import { router, staffProcedure } from '@/server/trpc/init';
import { MANAGERS } from '@/shared/roles';

export const adminNotificationsRouter = router({
  get: staffProcedure(MANAGERS)
    .output(notificationSettingsViewSchema)
    .query(({ ctx }) => notificationSettingsView(ctx.db, ctx.config)),
  update: staffProcedure(MANAGERS)
    .meta({ activity: { entity: 'settings', action: 'updated', label: 'Notifications' } })
    .input(notificationSettingsSchema)
    .output(notificationSettingsViewSchema)
    .mutation(({ ctx, input }) => {
      updateNotificationSettings(ctx.db, input);
      return notificationSettingsView(ctx.db, ctx.config);
    }),
});
