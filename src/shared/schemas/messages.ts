// Issue 18: the salon's outgoing messages (Settings > Messages), webhooks (Settings > Webhooks)
// and the salon's notification switch. The forms and the procedures share these.
import { z } from 'zod';
import { boundedText } from './fields';

/** The mails a booking sends its customer (the salon's notice goes to the salon). */
export const BOOKING_CUSTOMER_MAIL_KINDS = [
  'booking-created',
  'booking-confirmed',
  'booking-rescheduled',
  'booking-cancelled',
  'reminder',
  'review-request',
] as const;

/** What the product sends, as the Messages view names it. */
export const MESSAGE_KINDS = [
  'signup-code',
  'account-exists',
  'email-change-code',
  'email-changed',
  'password-reset',
  ...BOOKING_CUSTOMER_MAIL_KINDS,
  'salon-notice',
  'webhook',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** How the back office shows a message's status (Messages, Webhooks): its word and colour. */
export const MESSAGE_STATUS_LOOK: Record<MessageStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

/** The events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.rescheduled',
  'booking.status_changed',
  'booking.cancelled',
  'review.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_URL_MAX_LENGTH = 500;
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const MESSAGES_PAGE_MAX = 100;

// ---------------------------------------------------------------- messages

export const messageSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(MESSAGE_KINDS),
    channel: z.enum(['mail', 'webhook']),
    recipient: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    attempts: z.number().int(),
    /** ISO date-time: when it was written. */
    createdAt: z.iso.datetime(),
    /** ISO date-time: not before (a reminder's time, the next retry). */
    dueAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    lastError: z.string().nullable(),
    /** A webhook's last HTTP answer code. */
    lastCode: z.number().int().nullable(),
    bookingId: z.string().nullable(),
    /** A failed message can be sent again (its content is kept until it is sent). */
    resendable: z.boolean(),
  })
  .meta({ id: 'Message' });
export type MessageView = z.infer<typeof messageSchema>;

export const messageListQuerySchema = z.object({
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be at least 1').max(100_000, 'Page is too large').default(1),
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MESSAGES_PAGE_MAX, `Limit must be at most ${String(MESSAGES_PAGE_MAX)}`)
    .default(20),
  status: z.enum(MESSAGE_STATUSES, 'Status must be one of pending, sending, sent, failed, cancelled').optional(),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  total: z.number().int(),
  /** Counts by status over all messages kept (the last 90 days). */
  counts: z.object(Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, z.number().int()])) as Record<MessageStatus, z.ZodNumber>),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

// ---------------------------------------------------------------- webhooks

export const webhookEndpointSchema = z
  .object({
    _id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.iso.datetime(),
    /** The latest delivery to it, if any. */
    lastDelivery: z
      .object({
        status: z.enum(MESSAGE_STATUSES),
        /** The endpoint's HTTP answer code; null when it gave none (refused, timed out). */
        code: z.number().int().nullable(),
        error: z.string().nullable(),
        at: z.iso.datetime(),
      })
      .nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointView = z.infer<typeof webhookEndpointSchema>;

/** The add-endpoint form and what `admin.webhooks.create` receives. */
export const createWebhookSchema = z.object({
  url: boundedText('Endpoint URL is required', 'Endpoint URL', WEBHOOK_URL_MAX_LENGTH).refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  }, 'Enter a full https:// URL'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, 'Unknown event'), 'Pick at least one event')
    .min(1, 'Pick at least one event')
    .max(WEBHOOK_EVENTS.length, 'Each event can be picked once')
    .refine((events) => new Set(events).size === events.length, 'Each event can be picked once'),
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/** What creation answers: the endpoint, and its signing secret (this once only). */
export const createdWebhookSchema = webhookEndpointSchema.extend({
  /** `whsec_` + base64 of 24 random bytes: verify each delivery's `webhook-signature` with it. */
  secret: z.string(),
});

export const webhookTestSentSchema = z.object({ _id: z.string(), messageId: z.string() });

// ---------------------------------------------------------------- the salon's switches

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
