// The salon's webhook endpoints (Settings > Webhooks): the events they subscribe to, the add form and
// what the back office lists. The forms and the procedures share these.
import { z } from 'zod';
import { boundedText } from './fields';
import { MESSAGE_STATUSES } from './messages';

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
