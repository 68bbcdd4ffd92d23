import { z } from 'zod';
import { AnyEvent } from '../schemas/event.ts';
import { EventType } from '../schemas/event-type.ts';
import { DeclineCode } from '../test-cards/test-cards.ts';

/** A field path of an override: names separated by dots, an array index as a number (`line_items.0.price`). */
const OverridePath = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]*(\.([A-Za-z_][A-Za-z0-9_]*|\d{1,4}))*$/,
    'must be a field path such as customer.email',
  );

/**
 * Existing objects a trigger uses instead of making new ones: a product (its integer id), a customer
 * (`cus_…`, whose saved card pays), a subscription (`sub_…`) or an order (`ord_…`).
 */
export const TriggerObjects = z.strictObject({
  product: z.int().positive().optional(),
  customer: z.string().min(1).max(255).optional(),
  subscription: z.string().min(1).max(255).optional(),
  order: z.string().min(1).max(255).optional(),
});
/** Existing objects a trigger uses instead of making new ones. */
export type TriggerObjects = z.infer<typeof TriggerObjects>;

/**
 * The body of `POST /v2/test_helpers/triggers`: the event type to produce, `overrides` of the fields of
 * the requests the trigger makes on the way (by field path; a path may start with the request it
 * patches, such as `checkout.`, `payment_link.` or `refund.`), and existing `objects` to use. An
 * override of a field the trigger's requests do not have is refused, naming it. `decline` picks the
 * decline a declining trigger produces (`payment.failed`: `not_hsa_fsa_card`, `restricted_card`,
 * `expired_card`, `incorrect_cvc`, …): it pays with the test card that declines so, on a cart where it
 * does (a regular item for `restricted_card`); another type, or a decline it cannot produce, is refused.
 */
export const TriggerRequest = z.strictObject({
  type: EventType,
  decline: DeclineCode.optional(),
  // Any JSON value (what a request body can hold): unknown, not z.json(), whose recursive JSON Schema
  // an OpenAPI document cannot carry inline.
  overrides: z.record(OverridePath, z.unknown()).optional(),
  objects: TriggerObjects.optional(),
});
/** The body of `POST /v2/test_helpers/triggers`. */
export type TriggerRequest = z.infer<typeof TriggerRequest>;

/** An object a trigger made or used on the way: its kind (`product`, `checkout_session`, `order`, …) and id. */
export const TriggerObject = z.object({ object: z.string(), id: z.union([z.string(), z.int()]) });
/** An object a trigger made or used on the way. */
export type TriggerObject = z.infer<typeof TriggerObject>;

/**
 * The answer of a trigger: the objects made or used, in order; `event`, the event asked for (about the
 * object the trigger made or named); and every event the trigger emitted on the way, oldest first
 * (`event` among them: a step may emit more after it, as a payment emits `order.created` then
 * `order.completed`).
 */
export const TriggerResult = z.object({
  objects: z.array(TriggerObject),
  event: AnyEvent,
  events: z.array(AnyEvent),
});
/** The answer of a trigger. */
export type TriggerResult = z.infer<typeof TriggerResult>;
