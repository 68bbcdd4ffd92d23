import { z } from 'zod';

/**
 * A value of a vocabulary that a later API version may extend: one of the known values, or any other
 * string. The `string & {}` branch keeps editor completion for the known values while still accepting
 * the rest.
 */
export type Open<T extends string> = T | (string & {});

/**
 * Widens a closed vocabulary for RESPONSE parsing: the known values parse typed, and any other string
 * passes through unchanged (typed as {@link Open}) instead of failing the whole response.
 *
 * Requests keep the closed enums of `statuses.ts`, so the server still refuses values it does not know.
 * The open fields of responses are: every `status` and `payment_status`, `type` (cart type),
 * `eligibility_type`, `payment_type`, `interval`, refund `reason`, dispute `status`/`outcome`, key
 * `mode`, payment `outcome`, error `code`, and event type names inside endpoint and delivery records.
 *
 * @example
 * const Status = openEnum(OrderStatus);
 * Status.parse('completed'); // 'completed'
 * Status.parse('on_hold');   // 'on_hold' (a value added by a later API version)
 */
export function openEnum<T extends string>(known: z.ZodType<T>): z.ZodType<Open<T>> {
  return z.union([known, z.string()]);
}
