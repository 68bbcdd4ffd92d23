import type { Subscription, SubscriptionCancel, SubscriptionCreate } from '@glm/domain';
import type { z } from 'zod';
import type { APIPromise } from '../api-promise.ts';
import { path } from '../internal/path.ts';
import type { RequestOptions } from '../request-options.ts';
import { Resource } from './resource.ts';

/**
 * The body of {@link Subscriptions.create}: the customer (`cus_…`) and one of their payment methods
 * (`pm_…`), both read from an order the customer paid (`order.customer.id`,
 * `order.payment.payment_method_id`); `interval_count` is 1–12 and `trial_period_days` 0–730.
 */
export type SubscriptionCreateParams = z.input<typeof SubscriptionCreate>;
/**
 * The body of {@link Subscriptions.cancel}: at once (the default) or, with `cancel_at_period_end: true`,
 * when the current period ends; `reason` (at most 500 characters) is carried by the cancellation event.
 */
export type SubscriptionCancelParams = z.input<typeof SubscriptionCancel>;

/**
 * Subscriptions (`/v2/subscriptions`): started when a subscription link or checkout is paid, or created
 * here for a returning customer. Read them with `glm.testHelpers.subscriptions` in test mode, and list
 * a subscription's orders with `glm.orders.list({ subscription_id })`.
 */
export class Subscriptions extends Resource {
  /**
   * Creates a subscription for a customer who already paid, charged to one of their payment methods.
   * Without a trial the first period is charged at once (one order). Idempotent: a retry with the same
   * idempotency key answers the original subscription. An unknown customer or payment method is a
   * `NotFoundError`; a method that is not the customer's, or a value out of range, an
   * `UnprocessableEntityError`.
   *
   * @example
   * const subscription = await glm.subscriptions.create({
   *   customer_id: 'cus_…',
   *   payment_method_id: 'pm_…',
   *   amount_cents: 2500,
   *   currency: 'USD',
   *   interval: 'monthly',
   * });
   */
  create(params: SubscriptionCreateParams, options?: RequestOptions): APIPromise<Subscription> {
    return this.send('POST /v2/subscriptions', 'Subscription', options, params);
  }

  /**
   * Cancels a subscription. At once: `cancelled` now, with `subscription.cancelled`. At period end
   * (`cancel_at_period_end: true`): the status stays until `current_period_end`, with
   * `subscription.updated` now and `subscription.cancelled` then, and nothing more is charged.
   * Idempotent. A cancelled subscription is a `ConflictError` (`invalid_state`), thrown at once.
   */
  cancel(
    id: string,
    params: SubscriptionCancelParams = {},
    options?: RequestOptions,
  ): APIPromise<Subscription> {
    return this.send(() => path`POST /v2/subscriptions/${id}/cancel`, 'Subscription', options, params);
  }
}
