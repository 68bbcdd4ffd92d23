import { z } from 'zod';
import { Name, Timestamp } from './primitives.ts';

/** The body of `POST /v2/test_helpers/merchants`: an optional name (a default is made up). */
export const MerchantCreateRequest = z.strictObject({ name: Name.optional() });
/** The body of `POST /v2/test_helpers/merchants`. */
export type MerchantCreateRequest = z.infer<typeof MerchantCreateRequest>;

/**
 * A merchant of the reference server: one isolated sandbox (catalog, sessions, orders, events,
 * webhooks, idempotency records, rate limits, journal, faults and clock of its own).
 */
export const Merchant = z.object({ id: z.string(), name: z.string(), created_at: Timestamp });
/** A merchant of the reference server. */
export type Merchant = z.infer<typeof Merchant>;

/**
 * A new merchant with its secrets, shown only in this answer: a test and a live key, and the default
 * webhook secret that signs deliveries to a checkout's `metadata.webhook_url`.
 */
export const MerchantWithKeys = Merchant.extend({
  keys: z.object({ test: z.string(), live: z.string() }),
  webhook_secret: z.string(),
});
/** A new merchant with its secrets. */
export type MerchantWithKeys = z.infer<typeof MerchantWithKeys>;

/** The answer of `DELETE /v2/test_helpers/merchants/current`. */
export const MerchantDeleted = z.object({ id: z.string(), deleted: z.literal(true) });
/** The answer of `DELETE /v2/test_helpers/merchants/current`. */
export type MerchantDeleted = z.infer<typeof MerchantDeleted>;
