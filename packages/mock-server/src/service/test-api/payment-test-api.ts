import type {
  Dispute,
  DisputeOutcome,
  DisputeStatus,
  Refund,
  Subscription,
  SubscriptionCancel,
  SubscriptionCreate,
  SubscriptionStatus,
} from '@glm/domain';
import type { PaymentLinkPayResult, TestPaymentRequest } from '@glm/domain/test-helpers';
import type { z } from 'zod';

/**
 * Body of the pay test helpers: test card numbers, both defaulting to `4242424242424242`, and
 * optionally who pays (`customer`), which a session without a customer takes as its customer.
 */
export type PayInput = TestPaymentRequest;

/**
 * The payment-link, refund and dispute test helpers as methods of the mock service. Each acts in
 * test mode and throws `MockServiceError` when the matching route would answer an error.
 */
export interface PaymentTestApi {
  /** Pays an active payment link with the test cards (default `4242424242424242`); a link that is not active throws `409 conflict`. */
  payPaymentLink(id: string, input?: PayInput): Promise<PaymentLinkPayResult>;
  /** Settles a pending refund as succeeded (`refund.succeeded`). */
  succeedRefund(id: string): Promise<Refund>;
  /** Settles a pending refund as failed (`refund.failed`); its amount is left to refund again. */
  failRefund(id: string): Promise<Refund>;
  /** Opens a chargeback on a captured order (`dispute.created`; the order becomes `disputed`). */
  openDispute(orderId: string, input?: { readonly reason?: string }): Promise<Dispute>;
  /** Closes an open dispute with its outcome (`dispute.closed`). */
  closeDispute(id: string, outcome: DisputeOutcome): Promise<Dispute>;
  /** One dispute (the service has no merchant dispute API: a mock-only read). */
  getDispute(id: string): Promise<Dispute>;
  /** Every dispute, newest first, optionally of one order or status (a mock-only read). */
  listDisputes(filter?: { readonly order_id?: string; readonly status?: DisputeStatus }): Promise<Dispute[]>;
  /**
   * Subscribes a returning customer (`POST /v2/subscriptions`): the `customer_id` and
   * `payment_method_id` come from a paid order's `customer.id` and `payment.payment_method_id`.
   */
  createSubscription(input: z.input<typeof SubscriptionCreate>): Promise<Subscription>;
  /** Cancels a subscription, at once or with `cancel_at_period_end: true` when its period ends. */
  cancelSubscription(id: string, input?: z.input<typeof SubscriptionCancel>): Promise<Subscription>;
  /** One subscription. */
  getSubscription(id: string): Promise<Subscription>;
  /** Every subscription, newest first, optionally of one status or customer. */
  listSubscriptions(filter?: {
    readonly status?: SubscriptionStatus;
    readonly customer_id?: string;
  }): Promise<Subscription[]>;
}
