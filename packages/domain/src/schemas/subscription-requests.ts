import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { Metadata, PositiveCents, SettledCurrency, ShortText } from './primitives.ts';
import { IdCursor, ListLimit } from './query-params.ts';
import { SubscriptionInterval, SubscriptionStatus } from './statuses.ts';

/**
 * The body of `POST /v2/subscriptions`: a subscription for a customer who already paid, charged to one
 * of that customer's payment methods. `interval_count` is 1–12 and `trial_period_days` 0–730; without a
 * trial the first period is charged at once.
 */
export const SubscriptionCreate = lazySchema(() =>
  z.strictObject({
    customer_id: z.string().min(1).max(255),
    amount_cents: PositiveCents,
    currency: SettledCurrency,
    interval: SubscriptionInterval,
    payment_method_id: z.string().min(1).max(255),
    product_id: z.int().positive().optional(),
    merchant_product_id: z.string().min(1).max(255).optional(),
    interval_count: z.int().min(1).max(12).optional(),
    trial_period_days: z.int().min(0).max(730).optional(),
    metadata: Metadata.optional(),
  }),
);
/** The body of `POST /v2/subscriptions`. */
export type SubscriptionCreate = z.infer<typeof SubscriptionCreate>;

/**
 * The body of `POST /v2/subscriptions/{id}/cancel`: at once (the default), or at the end of the
 * current period with `cancel_at_period_end: true`; `reason` (at most 500 characters) is carried by the
 * event that reports the cancellation.
 */
export const SubscriptionCancel = lazySchema(() =>
  z.strictObject({
    cancel_at_period_end: z.boolean().optional(),
    reason: ShortText.optional(),
  }),
);
/** The body of `POST /v2/subscriptions/{id}/cancel`. */
export type SubscriptionCancel = z.infer<typeof SubscriptionCancel>;

/** The query of `GET /v2/test_helpers/subscriptions`; unknown parameters are refused. */
export const SubscriptionListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
    status: SubscriptionStatus.optional(),
    customer_id: z.string().min(1).max(255).optional(),
  }),
);
/** The query of `GET /v2/test_helpers/subscriptions`. */
export type SubscriptionListQuery = z.infer<typeof SubscriptionListQuery>;

/** Why a subscription was cancelled, as `subscription.cancelled` reports it: the merchant's words, or `payment_failed`. */
export const SUBSCRIPTION_PAYMENT_FAILED_REASON = 'payment_failed';
