import type {
  Dispute,
  DisputeList,
  DisputeOutcome,
  DisputeStatus,
  Refund,
  Subscription,
  SubscriptionCancel,
  SubscriptionCreate,
  SubscriptionList,
  SubscriptionStatus,
} from '@glm/domain';
import type { PaymentLinkPayResult, TestPaymentRequest } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { Invoke } from './invoke.ts';

const segment = encodeURIComponent;

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

/** Every object of a list route, walking its pages. */
async function all<T extends { readonly id: string }>(
  invoke: Invoke,
  path: string,
  filter: Readonly<Record<string, string | undefined>>,
): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '100' });
    for (const [name, value] of Object.entries(filter)) if (value !== undefined) query.set(name, value);
    if (after !== undefined) query.set('starting_after', after);
    const page = await invoke<{ data: T[]; has_more: boolean }>('GET', `${path}?${query}`);
    items.push(...page.data);
    after = page.data.at(-1)?.id;
    if (!page.has_more || after === undefined) return items;
  }
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
    getDispute: (id) => invoke<Dispute>('GET', `/test_helpers/disputes/${segment(id)}`),
    listDisputes: (filter = {}) => all<DisputeList['data'][number]>(invoke, '/test_helpers/disputes', filter),
    createSubscription: (input) => invoke<Subscription>('POST', '/subscriptions', input),
    cancelSubscription: (id, input = {}) =>
      invoke<Subscription>('POST', `/subscriptions/${segment(id)}/cancel`, input),
    getSubscription: (id) => invoke<Subscription>('GET', `/test_helpers/subscriptions/${segment(id)}`),
    listSubscriptions: (filter = {}) =>
      all<SubscriptionList['data'][number]>(invoke, '/test_helpers/subscriptions', filter),
  };
}
