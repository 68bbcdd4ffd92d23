import { z } from 'zod';

/**
 * A value of a vocabulary that a later API version may extend: one of the known values, or any other
 * string. The `string & {}` branch keeps editor completion for the known values while still accepting
 * the rest.
 */
export type Open<T extends string> = T | (string & {});

/**
 * Widens a closed vocabulary: the known values parse typed, and any other string passes through
 * unchanged (typed as {@link Open}).
 *
 * Only error codes are open (the `code` of an error body and of the embedded checkout's error
 * message): an error with a code a later API version adds must still reach the merchant's error
 * handling. Every status and enum of a resource is a closed union, so a typo such as
 * `order.status === 'completd'` does not compile; a value a later API version adds fails response
 * validation, which the SDK's `validateResponses: 'warn'` turns into a logged warning.
 *
 * @example
 * const Status = openEnum(OrderStatus);
 * Status.parse('completed'); // 'completed'
 * Status.parse('on_hold');   // 'on_hold' (a value added by a later API version)
 */
export function openEnum<T extends string>(known: z.ZodType<T>): z.ZodType<Open<T>> {
  return z.union([known, z.string()]);
}
