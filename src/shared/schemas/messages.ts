// The salon's outgoing messages (Settings > Messages): what the outbox sends and how the back office
// lists it. The forms and the procedures share these.
import { z } from 'zod';

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
  'staff-invite',
  ...BOOKING_CUSTOMER_MAIL_KINDS,
  'salon-notice',
  'waitlist-offer',
  'rebook-nudge',
  'receipt',
  'gift-voucher',
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
  page: z.coerce
    .number()
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(100_000, 'Page is too large')
    .default(1),
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
  counts: z.object(
    Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, z.number().int()])) as Record<
      MessageStatus,
      z.ZodNumber
    >,
  ),
});
export type MessagePage = z.infer<typeof messagePageSchema>;
