import { z } from 'zod';
import { AnyEvent } from '../schemas/event.ts';
import { EventType } from '../schemas/event-type.ts';

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
 * override of a field the trigger's requests do not have is refused, naming it.
 */
export const TriggerRequest = z.strictObject({
  type: EventType,
  overrides: z.record(OverridePath, z.json()).optional(),
  objects: TriggerObjects.optional(),
});
/** The body of `POST /v2/test_helpers/triggers`. */
export type TriggerRequest = z.infer<typeof TriggerRequest>;

/** An object a trigger made or used on the way: its kind (`product`, `checkout_session`, `order`, …) and id. */
export const TriggerObject = z.object({ object: z.string(), id: z.union([z.string(), z.int()]) });
/** An object a trigger made or used on the way. */
export type TriggerObject = z.infer<typeof TriggerObject>;

/**
 * The answer of a trigger: the objects made or used, in order, and every event the flow emitted, oldest
 * first, the one asked for last.
 */
export const TriggerResult = z.object({ objects: z.array(TriggerObject), events: z.array(AnyEvent) });
/** The answer of a trigger. */
export type TriggerResult = z.infer<typeof TriggerResult>;
