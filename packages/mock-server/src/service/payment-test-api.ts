import {
  type Dispute,
  DisputeListQuery,
  type DisputeOutcome,
  type DisputeStatus,
  type Refund,
  type Subscription,
  SubscriptionCancel,
  SubscriptionCreate,
  SubscriptionListQuery,
  type SubscriptionStatus,
} from '@glm/domain';
import {
  DisputeCloseRequest,
  DisputeOpenRequest,
  type PaymentLinkPayResult,
  TestPaymentRequest,
} from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { Outcome } from '../core/outcome.ts';
import { withInput } from '../http/parse.ts';
import type { CallOperation } from '../operations/call-operation.ts';
import {
  closeDispute,
  getDispute,
  listDisputes,
  openDispute,
} from '../operations/disputes/dispute-operations.ts';
import type { OperationContext } from '../operations/operation-context.ts';
import { payPaymentLink } from '../operations/payment-links/payment-link-operations.ts';
import { failRefund, succeedRefund } from '../operations/refunds/refund-operations.ts';
import {
  cancelSubscription,
  createSubscription,
  getSubscription,
  listSubscriptions,
} from '../operations/subscriptions/read.ts';

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

/** A page of a list operation, read from a query object as the HTTP list endpoints read the query string. */
type ListPage<T> = (
  context: OperationContext,
  query: Readonly<Record<string, string>>,
) => Outcome<{ readonly data: readonly T[]; readonly has_more: boolean }>;

/** Every object of a list operation, walking its pages in test mode. */
async function all<T extends { readonly id: string }>(
  call: CallOperation,
  page: ListPage<T>,
  filter: Readonly<Record<string, string | undefined>>,
): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  for (;;) {
    const query: Record<string, string> = { limit: '100' };
    for (const [name, value] of Object.entries(filter)) if (value !== undefined) query[name] = value;
    if (after !== undefined) query['starting_after'] = after;
    const found = await call('test', (context) => page(context, query));
    items.push(...found.data);
    after = found.data.at(-1)?.id;
    if (!found.has_more || after === undefined) return items;
  }
}

/** Builds the {@link PaymentTestApi} methods over the service's operations, in test mode. */
export function createPaymentTestApi(call: CallOperation): PaymentTestApi {
  return {
    payPaymentLink: (id, input = {}) =>
      call(
        'test',
        (context) =>
          withInput(TestPaymentRequest, input, 'test_helpers.pay', (value) =>
            payPaymentLink(context, id, value),
          ),
        { creates: true },
      ),
    succeedRefund: (id) => call('test', (context) => succeedRefund(context, id)),
    failRefund: (id) => call('test', (context) => failRefund(context, id)),
    openDispute: (orderId, input = {}) =>
      call(
        'test',
        (context) =>
          withInput(DisputeOpenRequest, input, 'test_helpers.dispute.open', (value) =>
            openDispute(context, orderId, value),
          ),
        { creates: true },
      ),
    closeDispute: (id, outcome) =>
      call('test', (context) =>
        withInput(DisputeCloseRequest, { outcome }, 'test_helpers.dispute.close', (value) =>
          closeDispute(context, id, value),
        ),
      ),
    getDispute: (id) => call('test', (context) => getDispute(context, id)),
    listDisputes: (filter = {}) =>
      all(
        call,
        (context, query) =>
          withInput(DisputeListQuery, query, 'test_helpers.dispute.list', (value) =>
            listDisputes(context, value),
          ),
        filter,
      ),
    createSubscription: (input) =>
      call(
        'test',
        (context) =>
          withInput(SubscriptionCreate, input, 'subscription.create', (value) =>
            createSubscription(context, value),
          ),
        { creates: true },
      ),
    cancelSubscription: (id, input = {}) =>
      call('test', (context) =>
        withInput(SubscriptionCancel, input, 'subscription.cancel', (value) =>
          cancelSubscription(context, id, value),
        ),
      ),
    getSubscription: (id) => call('test', (context) => getSubscription(context, id)),
    listSubscriptions: (filter = {}) =>
      all(
        call,
        (context, query) =>
          withInput(SubscriptionListQuery, query, 'test_helpers.subscription.list', (value) =>
            listSubscriptions(context, value),
          ),
        filter,
      ),
  };
}
