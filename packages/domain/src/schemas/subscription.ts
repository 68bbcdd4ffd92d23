import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Cents, MetadataRecord, Timestamp } from './primitives.ts';
import { SubscriptionInterval, SubscriptionStatus } from './statuses.ts';

/**
 * The billing schedule of a subscription link or checkout as answered:
 * every `interval_count` `interval`s, after an optional free trial. `interval` is open.
 */
export const SubscriptionTerms = z.object({
  interval: SubscriptionInterval,
  interval_count: z.int().positive(),
  trial_period_days: z.int().nonnegative().nullish(),
});
/** The billing schedule of a subscription link or checkout as answered. */
export type SubscriptionTerms = z.infer<typeof SubscriptionTerms>;

/** The kind of card a payment method is: the HSA/FSA card or a regular card. */
const PaymentMethodType = z.enum(['hsa_fsa_card', 'card']);

/**
 * A card that paid, kept as one of its customer's payment methods (`pm_…`): which kind of card, its
 * last four digits and its brand. A subscription charges it at each renewal.
 */
export const PaymentMethod = z.object({
  id: z.string(),
  type: PaymentMethodType,
  last4: z.string(),
  brand: z.string(),
});
/** A card kept as one of its customer's payment methods (`pm_…`). */
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * A subscription (`sub_…`): created when a subscription link or checkout is paid, or by
 * `POST /v2/subscriptions` for a returning customer. Every `interval_count` `interval`s it charges
 * `amount_cents` to `payment_method`, after an optional trial. `next_billing_date` is the next charge
 * (a retry's date while `past_due`), null once it will not charge again. A subscription cancelled at
 * period end keeps its status, with `cancel_at_period_end: true`, until `current_period_end`; `ended_at`
 * is when it stopped. `status` and `interval` are open.
 */
export const Subscription = z.object({
  id: z.string(),
  customer_id: z.string().nullable(),
  status: SubscriptionStatus,
  product_id: z.int().nullable(),
  merchant_product_id: z.string().nullable(),
  amount_cents: Cents,
  currency: z.string(),
  interval: SubscriptionInterval,
  interval_count: z.int().positive(),
  trial_period_days: z.int().nonnegative(),
  trial_end: Timestamp.nullable(),
  current_period_start: Timestamp,
  current_period_end: Timestamp,
  next_billing_date: Timestamp.nullable(),
  cancel_at_period_end: z.boolean(),
  cancelled_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
  payment_method: PaymentMethod.nullable(),
  payment_link_id: z.string().nullable(),
  checkout_id: z.string().nullable(),
  metadata: MetadataRecord,
  created_at: Timestamp,
  updated_at: Timestamp,
});
/** A subscription (`sub_…`). */
export type Subscription = z.infer<typeof Subscription>;

/** A page of subscriptions, newest first. */
export const SubscriptionList = lazySchema(() => ListPage(Subscription, z.string()));
/** A page of subscriptions, newest first. */
export type SubscriptionList = z.infer<typeof SubscriptionList>;
