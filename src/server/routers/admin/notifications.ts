// Settings > Notifications: the salon's notification switch.
import { notificationSettingsSchema, notificationSettingsViewSchema } from '@/shared/schemas/notifications';
import { notificationSettingsView, updateNotificationSettings } from '@/server/salon/settings';
import { adminProcedure, router } from '@/server/trpc/init';

export const adminNotificationsRouter = router({
  get: adminProcedure
    .output(notificationSettingsViewSchema)
    .query(({ ctx }) => notificationSettingsView(ctx.db, ctx.config)),
  update: adminProcedure
    .input(notificationSettingsSchema)
    .output(notificationSettingsViewSchema)
    .mutation(({ ctx, input }) => {
      updateNotificationSettings(ctx.db, input);
      return notificationSettingsView(ctx.db, ctx.config);
    }),
});
