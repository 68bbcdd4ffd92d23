import type { UnknownEvent as DomainUnknownEvent, Event, EventOf, EventType } from '@glm/domain';

/** Every event the SDK knows (the domain's `Event` union), discriminated by `type` (D23). */
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

/** What `verifyWebhook` returns: a known event or an {@link UnknownEvent}. Narrow with {@link isKnownEvent}. */
export type WebhookEvent = KnownEvent | UnknownEvent;

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
export function isKnownEvent(event: WebhookEvent): event is KnownEvent {
  return isKnownEventType(event.type);
}

/**
 * Checks the D23 envelope by hand (no zod, to keep `@glm/sdk/webhooks` small): `id` and `type` are
 * non-empty strings, `created_at` and `api_version` strings, `test_mode` a boolean, `data` an object.
 * The content of `data` comes from the authenticated sender and is not re-validated here.
 */
export function isEventEnvelope(value: unknown): value is WebhookEvent {
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
