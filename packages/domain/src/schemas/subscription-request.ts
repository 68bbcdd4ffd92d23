import { z } from 'zod';
import { SubscriptionInterval } from './statuses.ts';

/**
 * The `subscription` object of a checkout or payment link request. `interval`
 * is optional here so that its absence is a `422 validation_error` rather than a
 * missing-field 400: the request's refinement (`subscriptionProblem`) reports it.
 */
export const SubscriptionRequest = z.strictObject({
  interval: SubscriptionInterval.optional(),
  interval_count: z.int().min(1).max(365).optional(),
  trial_period_days: z.int().min(0).max(730).optional(),
});
/** The `subscription` object of a checkout or payment link request. */
export type SubscriptionRequest = z.infer<typeof SubscriptionRequest>;

/** What is wrong with a request's `payment_type`/`subscription` pair, if anything. */
export function subscriptionProblem(
  paymentType: string | undefined,
  subscription: SubscriptionRequest | undefined,
): { path: string[]; message: string } | undefined {
  if (paymentType === 'subscription') {
    return subscription?.interval === undefined
      ? { path: ['subscription', 'interval'], message: 'subscription interval is required' }
      : undefined;
  }
  return subscription === undefined
    ? undefined
    : { path: ['payment_type'], message: 'must be subscription when a subscription is given' };
}
