import { z } from 'zod';

/**
 * Every webhook event type: the closed list used in requests (endpoint
 * subscriptions, event list filters). Responses read event type names as open strings.
 */
export const EventType = z.enum([
  'order.created',
  'order.completed',
  'order.failed',
  'payment.failed',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'dispute.created',
  'dispute.closed',
  'checkout.expired',
  'checkout.failed',
  'payment_link.created',
  'payment_link.paid',
  'payment_link.expired',
  'payment_link.cancelled',
  'product.created',
  'product.updated',
  'subscription.payment_succeeded',
  'subscription.trial_ending',
  'subscription.payment_failed',
  'subscription.updated',
  'subscription.cancelled',
]);
/** Every webhook event type. */
export type EventType = z.infer<typeof EventType>;
