import type { UnknownEvent as DomainUnknownEvent, Event, EventOf, EventType } from '@glm/domain';

/** Every event the SDK knows (the domain's `Event` union), discriminated by `type`. */
export type KnownEvent = Event;

/** The `type` of every event the SDK knows. */
export type KnownEventType = EventType;

/** The known event of one type, with its `data` typed. */
export type EventOfType<T extends KnownEventType> = EventOf<T>;

/**
 * An event whose type this SDK version does not know (one a later API version adds): the envelope is
 * checked, `data` is a plain record. Tell it apart with {@link isKnownEvent}.
 */
export type UnknownEvent = DomainUnknownEvent;

/**
 * What `verifyWebhook` returns and the handlers receive, typed as the union of the events this SDK
 * knows, so that `event.type === 'order.completed'` (or a `switch` on `event.type`) narrows
 * `event.data` with no guard, as stripe-node's `Stripe.Event` does.
 *
 * A type added by a later API version still arrives at run time, unchanged and never refused: it
 * matches none of your `case`s and reaches `default`. There, read it as an {@link AnyWebhookEvent}:
 *
 * @example
 * switch (event.type) {
 *   case 'order.completed':
 *     await fulfil(event.data.id);
 *     break;
 *   default: {
 *     const other: AnyWebhookEvent = event; // also a type newer than this SDK
 *     console.log('not handled', other.type);
 *   }
 * }
 */
export type WebhookEvent = KnownEvent;

/** Any event as it may arrive: one this SDK knows or an {@link UnknownEvent}. Narrow with {@link isKnownEvent}. */
export type AnyWebhookEvent = KnownEvent | UnknownEvent;

// A plain list, not the domain's zod enum, so this entry stays free of zod (decision 0003). The
// `satisfies` and the check below keep it equal to the domain's list at compile time.
const KNOWN_EVENT_TYPES = [
  'order.created',
  'order.completed',
  'order.failed',
  'payment.failed',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'dispute.created',
  'dispute.closed',
  'checkout.expired',
  'checkout.failed',
  'payment_link.created',
  'payment_link.paid',
  'payment_link.expired',
  'payment_link.cancelled',
  'product.created',
  'product.updated',
  'subscription.payment_succeeded',
  'subscription.trial_ending',
  'subscription.payment_failed',
  'subscription.updated',
  'subscription.cancelled',
] as const satisfies readonly EventType[];
const everyTypeListed: [Exclude<EventType, (typeof KNOWN_EVENT_TYPES)[number]>] extends [never]
  ? true
  : never = true;
void everyTypeListed;

/** Whether an event type name is one this SDK version knows. */
export function isKnownEventType(type: string): type is KnownEventType {
  return (KNOWN_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * Narrows a verified event to the known union, whose `data` is typed by `type`.
 *
 * @example
 * const event = await verifyWebhook({ body: request, secret });
 * if (isKnownEvent(event) && event.type === 'order.completed') fulfil(event.data.id);
 */
export function isKnownEvent(event: AnyWebhookEvent): event is KnownEvent {
  return isKnownEventType(event.type);
}

/**
 * Checks the event envelope by hand (no zod, to keep `@glm/sdk/webhooks` small): `id` and `type` are
 * non-empty strings, `created_at` and `api_version` strings, `test_mode` a boolean, `data` an object.
 * The content of `data` comes from the authenticated sender and is not re-validated here.
 */
export function isEventEnvelope(value: unknown): value is AnyWebhookEvent {
  if (!isRecord(value)) return false;
  const { id, type, created_at, test_mode, api_version, data } = value;
  return (
    typeof id === 'string' &&
    id !== '' &&
    typeof type === 'string' &&
    type !== '' &&
    typeof created_at === 'string' &&
    typeof test_mode === 'boolean' &&
    typeof api_version === 'string' &&
    isRecord(data)
  );
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
