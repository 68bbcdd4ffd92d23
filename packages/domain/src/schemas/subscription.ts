import { z } from 'zod';
import { openEnum } from './open-enum.ts';
import { Cents, Timestamp } from './primitives.ts';
import { SubscriptionInterval, SubscriptionStatus } from './statuses.ts';

/**
 * The billing schedule of a subscription link or checkout as answered (interface 2.4, 4.7):
 * every `interval_count` `interval`s, after an optional free trial. `interval` is open.
 */
export const SubscriptionTerms = z.object({
  interval: openEnum(SubscriptionInterval),
  interval_count: z.int().positive(),
  trial_period_days: z.int().nonnegative().nullish(),
});
/** The billing schedule of a subscription link or checkout as answered (interface 2.4, 4.7). */
export type SubscriptionTerms = z.infer<typeof SubscriptionTerms>;

/**
 * A subscription (`sub_…`, D20), created when a subscription link or checkout is paid. `status` and
 * `interval` are open. `trial_end` is null without a trial.
 */
export const Subscription = z.object({
  id: z.string(),
  status: openEnum(SubscriptionStatus),
  interval: openEnum(SubscriptionInterval),
  interval_count: z.int().positive(),
  current_period_start: Timestamp,
  current_period_end: Timestamp,
  trial_end: Timestamp.nullable(),
  amount_cents: Cents.optional(),
  currency: z.string().optional(),
  payment_link_id: z.string().nullish(),
  checkout_id: z.string().nullish(),
  created_at: Timestamp.optional(),
  cancelled_at: Timestamp.nullish(),
});
/** A subscription (`sub_…`, D20). */
export type Subscription = z.infer<typeof Subscription>;
