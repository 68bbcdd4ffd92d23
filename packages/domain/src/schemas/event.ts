import { z } from 'zod';
import { err, ok, type Result } from '../result.ts';
import { CheckoutSession } from './checkout-session.ts';
import { Dispute } from './dispute.ts';
import { EventType } from './event-type.ts';
import { lazySchema, memoized } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Order } from './order.ts';
import { PaymentLink } from './payment-link.ts';
import { Cents, Timestamp } from './primitives.ts';
import { Product } from './product.ts';
import { Refund } from './refund.ts';
import { DisputeOutcome, EventPaymentStatus } from './statuses.ts';
import { Subscription } from './subscription.ts';

/**
 * The data of `payment.failed`: one declined attempt, not terminal.
 * `retryable` is false for a hard decline (which also emits `checkout.failed`).
 */
const paymentFailure = () =>
  z.object({
    checkout_id: z.string(),
    payment_link_id: z.string().nullish(),
    reference_id: z.string().nullish(),
    amount_cents: Cents.optional(),
    decline_code: z.string().nullish(),
    message: z.string().nullish(),
    retryable: z.boolean(),
  });

/** The data of each event type: the resource after the change plus the named fields of 6.2. */
const eventData = () =>
  ({
    'order.created': Order,
    'order.completed': Order,
    'order.failed': Order,
    'payment.failed': paymentFailure(),
    'refund.created': Refund,
    'refund.succeeded': Refund.extend({ payment_status: EventPaymentStatus }),
    'refund.failed': Refund,
    'dispute.created': Dispute,
    'dispute.closed': Dispute.extend({ outcome: DisputeOutcome }),
    'checkout.expired': CheckoutSession,
    'checkout.failed': CheckoutSession,
    'payment_link.created': PaymentLink,
    'payment_link.paid': PaymentLink,
    'payment_link.expired': PaymentLink,
    'payment_link.cancelled': PaymentLink,
    'product.created': Product,
    'product.updated': Product.extend({ previous_attributes: Product.partial() }),
    'subscription.payment_succeeded': Subscription.extend({ order_id: z.string() }),
    'subscription.trial_ending': Subscription,
    'subscription.payment_failed': Subscription.extend({
      decline_code: z.string(),
      next_retry_at: Timestamp.nullable(),
    }),
    'subscription.updated': Subscription,
    'subscription.cancelled': Subscription.extend({ reason: z.string().nullable() }),
  }) as const satisfies Record<EventType, z.ZodType>;

type EventData = ReturnType<typeof eventData>;

function eventOf<T extends EventType>(data: EventData, type: T) {
  return z.object({
    id: z.string(),
    type: z.literal(type),
    created_at: Timestamp,
    test_mode: z.boolean(),
    api_version: z.literal('v2'),
    data: data[type],
  });
}

/**
 * The event union itself, built on first use: it is the domain's largest schema, and most programs
 * that import the domain never parse an event. {@link parseEvent} parses with it directly.
 */
const knownEvent = memoized(() => {
  const data = eventData();
  return z.discriminatedUnion('type', [
    eventOf(data, 'order.created'),
    eventOf(data, 'order.completed'),
    eventOf(data, 'order.failed'),
    eventOf(data, 'payment.failed'),
    eventOf(data, 'refund.created'),
    eventOf(data, 'refund.succeeded'),
    eventOf(data, 'refund.failed'),
    eventOf(data, 'dispute.created'),
    eventOf(data, 'dispute.closed'),
    eventOf(data, 'checkout.expired'),
    eventOf(data, 'checkout.failed'),
    eventOf(data, 'payment_link.created'),
    eventOf(data, 'payment_link.paid'),
    eventOf(data, 'payment_link.expired'),
    eventOf(data, 'payment_link.cancelled'),
    eventOf(data, 'product.created'),
    eventOf(data, 'product.updated'),
    eventOf(data, 'subscription.payment_succeeded'),
    eventOf(data, 'subscription.trial_ending'),
    eventOf(data, 'subscription.payment_failed'),
    eventOf(data, 'subscription.updated'),
    eventOf(data, 'subscription.cancelled'),
  ]);
});

/**
 * A webhook event of a known type: `{id: evt_…, type, created_at, test_mode, api_version: 'v2',
 * data}`, discriminated on `type` so that narrowing the type narrows `data`.
 */
export const Event = lazySchema(knownEvent);
/** A webhook event of a known type. */
export type Event = z.infer<typeof Event>;

/** The event of one type. */
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;

const knownTypes: ReadonlySet<string> = new Set(EventType.options);

/** Whether an event type name is one this version knows. */
function isKnownEventType(type: string): type is EventType {
  return knownTypes.has(type);
}

/**
 * An event of a type this version does not know (a later API version's): the envelope with `data`
 * left as an object. A known type never parses as this, so a malformed known event is not hidden.
 */
export const UnknownEvent = z.object({
  id: z.string(),
  type: z.string().refine((type) => !isKnownEventType(type), 'is a known event type'),
  created_at: z.string(),
  test_mode: z.boolean(),
  api_version: z.string(),
  data: z.record(z.string(), z.unknown()),
});
/** An event of a type this version does not know. */
export type UnknownEvent = z.infer<typeof UnknownEvent>;

/**
 * Any event as received: a known {@link Event} or an {@link UnknownEvent}. Its description says in
 * words what the {@link UnknownEvent} member stands for, since the OpenAPI document lists only the
 * known types (a catch-all member would keep generated clients from narrowing on `type`).
 */
export const AnyEvent = z
  .union([Event, UnknownEvent])
  .describe(
    'An event: `type` names what happened and the shape of `data`. A later API version may send types ' +
      'this list does not have, with the same envelope and `data` an object: accept such an event and ' +
      'ignore it, or pass it on, rather than fail.',
  );
/** Any event as received. */
export type AnyEvent = z.infer<typeof AnyEvent>;

/** Whether a received event is of a known type: narrows to {@link Event}, whose `data` is typed. */
export function isKnownEvent(event: AnyEvent): event is Event {
  return isKnownEventType(event.type);
}

/**
 * Parses a received event: a known type against its data schema, any other type as an
 * {@link UnknownEvent} passed through. Refuses with `invalid_event` a body that is not an event
 * envelope or a known event whose data breaks its schema.
 *
 * @example
 * const event = parseEvent(JSON.parse(body));
 * if (event.ok && isKnownEvent(event.value) && event.value.type === 'order.completed') {
 *   fulfil(event.value.data.id);
 * }
 */
export function parseEvent(input: unknown): Result<AnyEvent, 'invalid_event'> {
  const type = typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : undefined;
  const schema = typeof type === 'string' && isKnownEventType(type) ? knownEvent() : UnknownEvent;
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const [issue] = parsed.error.issues;
  const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
  return err('invalid_event', `Not a valid event${where}: ${issue?.message ?? 'unknown problem'}`);
}

/** A page of events: unknown types pass through as {@link UnknownEvent}. */
export const EventList = lazySchema(() => ListPage(AnyEvent, z.string()));
/** A page of events. */
export type EventList = z.infer<typeof EventList>;
