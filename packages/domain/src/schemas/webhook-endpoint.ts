import { z } from 'zod';
import { EventType } from './event-type.ts';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Timestamp } from './primitives.ts';

/** An event subscription of an endpoint: an event type, or `*` for every type (our choice). */
export const EventSubscription = z.enum([...EventType.options, '*']);
/** An event subscription of an endpoint: an event type, or `*` for every type. */
export type EventSubscription = z.infer<typeof EventSubscription>;

/** A registered webhook endpoint (`whep_…`); event type names are open. */
export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(EventSubscription),
  description: z.string().nullable(),
  created_at: Timestamp,
});
/** A registered webhook endpoint (`whep_…`). */
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** A webhook endpoint as answered at registration: the only time its `whsec_…` secret is shown. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({ secret: z.string() });
/** A webhook endpoint as answered at registration. */
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

/** The answer of `DELETE /v2/test_helpers/webhook_endpoints/{id}`: the endpoint, marked `deleted: true`. */
export const WebhookEndpointDeleted = WebhookEndpoint.extend({ deleted: z.literal(true) });
/** The answer of deleting a webhook endpoint. */
export type WebhookEndpointDeleted = z.infer<typeof WebhookEndpointDeleted>;

/** A page of webhook endpoints. */
export const WebhookEndpointList = lazySchema(() => ListPage(WebhookEndpoint, z.string()));
/** A page of webhook endpoints. */
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

/** The merchant's default webhook secret, used for `metadata.webhook_url` deliveries. */
export const WebhookSecret = z.object({ secret: z.string() });
/** The merchant's default webhook secret. */
export type WebhookSecret = z.infer<typeof WebhookSecret>;
