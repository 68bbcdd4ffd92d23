import type { Dispute, DisputeOutcome, PaymentLinkPayResult, Refund } from '@glm/domain';
import type { Invoke } from './invoke.ts';
import type { PayInput } from './mock-service.ts';

const segment = encodeURIComponent;

/**
 * The payment-link, refund and dispute test helpers of D28 as methods of the mock service. Each acts in
 * test mode and throws `MockServiceError` when the matching route would answer an error.
 */
export interface PaymentTestApi {
  /** Pays an active payment link with the D27 test cards (default `4242424242424242`); a link that is not active throws `409 conflict`. */
  payPaymentLink(id: string, input?: PayInput): Promise<PaymentLinkPayResult>;
  /** Settles a pending refund as succeeded (`refund.succeeded`). */
  succeedRefund(id: string): Promise<Refund>;
  /** Settles a pending refund as failed (`refund.failed`); its amount is left to refund again. */
  failRefund(id: string): Promise<Refund>;
  /** Opens a chargeback on a captured order (`dispute.created`; the order becomes `disputed`). */
  openDispute(orderId: string, input?: { readonly reason?: string }): Promise<Dispute>;
  /** Closes an open dispute with its outcome (`dispute.closed`). */
  closeDispute(id: string, outcome: DisputeOutcome): Promise<Dispute>;
}

/** Builds the {@link PaymentTestApi} methods over the service's route invoker. */
export function createPaymentTestApi(invoke: Invoke): PaymentTestApi {
  return {
    payPaymentLink: (id, input = {}) =>
      invoke<PaymentLinkPayResult>('POST', `/test_helpers/payment-links/${segment(id)}/pay`, input),
    succeedRefund: (id) => invoke<Refund>('POST', `/test_helpers/refunds/${segment(id)}/succeed`),
    failRefund: (id) => invoke<Refund>('POST', `/test_helpers/refunds/${segment(id)}/fail`),
    openDispute: (orderId, input = {}) =>
      invoke<Dispute>('POST', `/test_helpers/orders/${segment(orderId)}/dispute`, input),
    closeDispute: (id, outcome) =>
      invoke<Dispute>('POST', `/test_helpers/disputes/${segment(id)}/close`, { outcome }),
  };
}
