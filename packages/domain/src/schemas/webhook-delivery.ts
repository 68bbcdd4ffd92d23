import { z } from 'zod';
import { EventType } from './event-type.ts';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Timestamp } from './primitives.ts';
import { WebhookDeliveryStatus } from './statuses.ts';

/** The most of an endpoint's answer body a delivery attempt records: 1 KiB. */
export const RESPONSE_BODY_EXCERPT_LIMIT = 1024;

/**
 * One attempt of a webhook delivery. `status_code` is null when no answer came (network error
 * or the 5 s timeout, named in `error`); `response_body` holds at most the first 1 KiB of the answer.
 * In the reference server, `fault` names the fault rule (`flt_…`) that altered this attempt (a forged,
 * stale or missing signature, a dropped or held attempt); genuine attempts have none.
 */
export const WebhookDeliveryAttempt = z.object({
  attempt: z.int().positive(),
  attempted_at: Timestamp,
  status_code: z.int().nullable(),
  duration_ms: z.int().nonnegative(),
  response_body: z.string().max(RESPONSE_BODY_EXCERPT_LIMIT).nullable(),
  error: z.string().nullish(),
  fault: z.string().optional(),
});
/** One attempt of a webhook delivery. */
export type WebhookDeliveryAttempt = z.infer<typeof WebhookDeliveryAttempt>;

/**
 * The delivery of one event to one address. `endpoint_id` is null for a checkout's
 * `metadata.webhook_url`; `next_attempt_at` is null once delivered or failed. `status` and
 * `event_type` are open.
 */
export const WebhookDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: EventType,
  endpoint_id: z.string().nullable(),
  url: z.string(),
  status: WebhookDeliveryStatus,
  attempts: z.array(WebhookDeliveryAttempt),
  next_attempt_at: Timestamp.nullable(),
  created_at: Timestamp,
});
/** The delivery of one event to one address. */
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** A page of webhook deliveries. */
export const WebhookDeliveryList = lazySchema(() => ListPage(WebhookDelivery, z.string()));
/** A page of webhook deliveries. */
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
