import {
  samplePaymentLink as paymentLink,
  SUCCEEDING_CARD,
  sampleCheckout,
  sampleProduct,
  sampleShopper,
} from '../../operations/triggers/sample-bodies.ts';
import type { Probe, ProbeKeep, ProbeState } from './probe.ts';

const MISSING = '0'.repeat(24);
const MISSING_PRODUCT = 999_999_999_999;
const SUCCEEDS = SUCCEEDING_CARD;
/** A key of the right shape that no server issued: the unauthorized probe. */
const UNKNOWN_KEY = `glm_test_${'0'.repeat(16)}.${'0'.repeat(32)}`;

const field = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined),
    value,
  );

const keep = (as: string, read: ProbeKeep['read'], created?: string): ProbeKeep => ({
  as,
  read,
  ...(created === undefined ? {} : { created }),
});

/** The id kept as `name`, or the skip reason a probe answers without it. */
const needs =
  (name: string, reason: string, build: (id: string, state: ProbeState) => ReturnType<Probe['request']>) =>
  (state: ProbeState): ReturnType<Probe['request']> => {
    const id = state.ids.get(name);
    return id === undefined ? reason : build(id, state);
  };

const NEEDS_PAID_ORDER = 'needs an order this run paid (--include-test-helpers)';

const tag = (state: ProbeState): string => `verify-${state.unique}`;
const product = (state: ProbeState, n: number) => sampleProduct(`${tag(state)}-${n}`);

/**
 * The contract probe, in the order it runs: for every group of the document at least one success and,
 * where cheap, one error (a missing id, a bad body, a state the contract refuses). Creates two products,
 * a checkout session and two payment links (one then cancelled); with the test helpers also pays the
 * session (an order), refunds that order and pays a subscription link (a subscription, then cancelled).
 * Orders and refunds it did not create are only read.
 */
export const PROBES: readonly Probe[] = [
  {
    method: 'GET',
    path: '/openapi.json',
    case: 'the document',
    status: 200,
    request: () => ({ path: '/openapi.json' }),
  },
  {
    method: 'GET',
    path: '/products',
    case: 'an unknown key',
    status: 401,
    code: 'unauthorized',
    request: () => ({ path: '/products', key: UNKNOWN_KEY }),
  },
  // Products
  {
    method: 'POST',
    path: '/products',
    case: 'create',
    status: 201,
    request: (state) => ({ path: '/products', body: product(state, 1) }),
    keep: [keep('product', (body) => field(body, 'id'), 'product')],
  },
  {
    method: 'POST',
    path: '/products',
    case: 'create a second (paging)',
    status: 201,
    request: (state) => ({ path: '/products', body: product(state, 2) }),
    keep: [keep('product2', (body) => field(body, 'id'), 'product')],
  },
  {
    method: 'POST',
    path: '/products',
    case: 'a price in dollars',
    status: 400,
    code: 'invalid_price',
    request: () => ({ path: '/products', body: { name: 'Gauze', price: '12.99', currency: 'USD' } }),
  },
  {
    method: 'GET',
    path: '/products',
    case: 'list, paged',
    status: 200,
    paginated: true,
    request: () => ({ path: '/products?limit=1' }),
  },
  {
    method: 'GET',
    path: '/products',
    case: 'limit 0',
    status: 400,
    code: 'invalid_request',
    request: () => ({ path: '/products?limit=0' }),
  },
  {
    method: 'GET',
    path: '/products/{id}',
    case: 'the created one',
    status: 200,
    request: needs('product', 'no product was created', (id) => ({ path: `/products/${id}` })),
  },
  {
    method: 'GET',
    path: '/products/{id}',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/products/${MISSING_PRODUCT}` }),
  },
  {
    method: 'PUT',
    path: '/products/{id}',
    case: 'a new price',
    status: 200,
    request: needs('product', 'no product was created', (id) => ({
      path: `/products/${id}`,
      body: { price: 1599 },
    })),
  },
  {
    method: 'PUT',
    path: '/products/{id}',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/products/${MISSING_PRODUCT}`, body: { price: 1599 } }),
  },
  {
    method: 'POST',
    path: '/products/check-eligibility',
    case: 'a UPC',
    status: 200,
    request: () => ({ path: '/products/check-eligibility', body: { upc_code_or_gtin: '074100001236' } }),
  },
  {
    method: 'POST',
    path: '/products/check-eligibility',
    case: 'a mistyped UPC',
    status: 400,
    code: 'invalid_request',
    request: () => ({ path: '/products/check-eligibility', body: { upc_code_or_gtin: 74100001236 } }),
  },
  // Checkout
  {
    method: 'POST',
    path: '/checkout',
    case: 'create',
    status: 201,
    request: (state) => ({
      path: '/checkout',
      body: sampleCheckout(tag(state), {
        merchantProductId: `${tag(state)}-1`,
        name: 'Ibuprofen 200mg Tablets 100 ct',
      }),
    }),
    keep: [keep('checkout', (body) => field(body, 'data', 'checkout_id'), 'checkout')],
  },
  {
    method: 'POST',
    path: '/checkout',
    case: 'an empty body',
    status: 400,
    code: 'bad_request',
    request: () => ({ path: '/checkout', body: {} }),
  },
  {
    method: 'GET',
    path: '/checkout/{id}',
    case: 'the created one',
    status: 200,
    request: needs('checkout', 'no checkout was created', (id) => ({ path: `/checkout/${id}` })),
  },
  {
    method: 'GET',
    path: '/checkout/{id}',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/checkout/cs_${MISSING}` }),
  },
  {
    method: 'POST',
    path: '/test_helpers/checkout/{id}/pay',
    case: 'a test card',
    status: 200,
    request: needs('checkout', 'no checkout was created', (id) => ({
      path: `/test_helpers/checkout/${id}/pay`,
      body: { card_number: SUCCEEDS, hsa_card_number: SUCCEEDS },
    })),
    keep: [keep('order', (body) => field(body, 'order', 'id'), 'order')],
  },
  {
    method: 'POST',
    path: '/test_helpers/checkout/{id}/pay',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/test_helpers/checkout/cs_${MISSING}/pay`, body: { card_number: SUCCEEDS } }),
  },
  // Payment links
  {
    method: 'POST',
    path: '/payment-links',
    case: 'create',
    status: 201,
    request: () => ({ path: '/payment-links', body: paymentLink() }),
    keep: [keep('link', (body) => field(body, 'id'), 'payment_link')],
  },
  {
    method: 'POST',
    path: '/payment-links',
    case: 'create one to cancel',
    status: 201,
    request: () => ({
      path: '/payment-links',
      body: paymentLink({ description: 'Cancelled by glm-mock verify' }),
    }),
    keep: [keep('link2', (body) => field(body, 'id'), 'payment_link')],
  },
  {
    method: 'POST',
    path: '/payment-links',
    case: 'a negative amount',
    status: 400,
    code: 'invalid_amount',
    request: () => ({ path: '/payment-links', body: paymentLink({ amount_cents: -5 }) }),
  },
  {
    method: 'GET',
    path: '/payment-links',
    case: 'list, paged',
    status: 200,
    paginated: true,
    request: () => ({ path: '/payment-links?limit=1' }),
  },
  {
    method: 'GET',
    path: '/payment-links/{id}',
    case: 'the created one',
    status: 200,
    request: needs('link', 'no payment link was created', (id) => ({ path: `/payment-links/${id}` })),
  },
  {
    method: 'GET',
    path: '/payment-links/{id}',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/payment-links/plink_${MISSING}` }),
  },
  {
    method: 'POST',
    path: '/payment-links/{id}/cancel',
    case: 'an active link',
    status: 200,
    request: needs('link2', 'no payment link was created', (id) => ({
      path: `/payment-links/${id}/cancel`,
      body: {},
    })),
  },
  {
    method: 'POST',
    path: '/payment-links/{id}/cancel',
    case: 'a cancelled link',
    status: 400,
    code: 'invalid_state',
    request: needs('link2', 'no payment link was created', (id) => ({
      path: `/payment-links/${id}/cancel`,
      body: {},
    })),
  },
  {
    method: 'POST',
    path: '/payment-links/{id}/cancel',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/payment-links/plink_${MISSING}/cancel`, body: {} }),
  },
  // Orders: read only; the one this run paid, else the newest listed.
  {
    method: 'GET',
    path: '/orders',
    case: 'list, paged',
    status: 200,
    paginated: true,
    request: () => ({ path: '/orders?limit=1' }),
    keep: [keep('listed_order', (body) => field(body, 'data', 0, 'id'))],
  },
  {
    method: 'GET',
    path: '/orders/{id}',
    case: 'an existing order',
    status: 200,
    request: (state) => {
      const id = state.ids.get('order') ?? state.ids.get('listed_order');
      return id === undefined
        ? 'no order to read (--include-test-helpers pays one)'
        : { path: `/orders/${id}` };
    },
  },
  {
    method: 'GET',
    path: '/orders/{id}',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/orders/ord_${MISSING}` }),
  },
  // Refunds: only of the order this run paid.
  {
    method: 'POST',
    path: '/refunds',
    case: 'the paid order',
    status: 201,
    request: needs('order', NEEDS_PAID_ORDER, (id) => ({
      path: '/refunds',
      body: { order_id: id, amount_cents: 100, reason: 'customer_request' },
    })),
    keep: [keep('refund', (body) => field(body, 'id'), 'refund')],
  },
  {
    method: 'POST',
    path: '/refunds',
    case: 'a missing order',
    status: 404,
    code: 'not_found',
    request: () => ({ path: '/refunds', body: { order_id: `ord_${MISSING}`, reason: 'customer_request' } }),
  },
  {
    method: 'POST',
    path: '/refunds',
    case: 'no order id',
    status: 400,
    code: 'invalid_request',
    request: () => ({ path: '/refunds', body: { reason: 'customer_request' } }),
  },
  {
    method: 'GET',
    path: '/refunds',
    case: 'list, paged',
    status: 200,
    paginated: true,
    request: () => ({ path: '/refunds?limit=1' }),
    keep: [keep('listed_refund', (body) => field(body, 'data', 0, 'id'))],
  },
  {
    method: 'GET',
    path: '/refunds/{id}',
    case: 'an existing refund',
    status: 200,
    request: (state) => {
      const id = state.ids.get('refund') ?? state.ids.get('listed_refund');
      return id === undefined
        ? 'no refund to read (--include-test-helpers creates one)'
        : { path: `/refunds/${id}` };
    },
  },
  {
    method: 'GET',
    path: '/refunds/{id}',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/refunds/ref_${MISSING}` }),
  },
  // Subscriptions: started by paying a subscription link (a test helper), then cancelled.
  {
    method: 'POST',
    path: '/payment-links',
    case: 'create a subscription link',
    status: 201,
    withTestHelpers: true,
    request: () => ({
      path: '/payment-links',
      body: paymentLink({ payment_type: 'subscription', subscription: { interval: 'monthly' } }),
    }),
    keep: [keep('subscription_link', (body) => field(body, 'id'), 'payment_link')],
  },
  {
    method: 'POST',
    path: '/test_helpers/payment-links/{id}/pay',
    case: 'a subscription link',
    status: 200,
    request: needs('subscription_link', 'no subscription link was created', (id, state) => ({
      path: `/test_helpers/payment-links/${id}/pay`,
      body: { card_number: SUCCEEDS, hsa_card_number: SUCCEEDS, customer: sampleShopper(tag(state)) },
    })),
    keep: [
      keep('subscription_order', (body) => field(body, 'order', 'id'), 'order'),
      keep('subscription', (body) => field(body, 'order', 'subscription_id'), 'subscription'),
    ],
  },
  {
    method: 'POST',
    path: '/subscriptions/{id}/cancel',
    case: 'the started one',
    status: 200,
    request: needs('subscription', 'no subscription was started (--include-test-helpers)', (id) => ({
      path: `/subscriptions/${id}/cancel`,
      body: { cancel_at_period_end: false },
    })),
  },
  {
    method: 'POST',
    path: '/subscriptions/{id}/cancel',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/subscriptions/sub_${MISSING}/cancel`, body: {} }),
  },
  {
    method: 'POST',
    path: '/subscriptions',
    case: 'a missing customer',
    status: 404,
    code: 'not_found',
    request: () => ({
      path: '/subscriptions',
      body: {
        customer_id: `cus_${MISSING}`,
        payment_method_id: `pm_${MISSING}`,
        amount_cents: 5000,
        currency: 'USD',
        interval: 'monthly',
      },
    }),
  },
  {
    method: 'POST',
    path: '/subscriptions',
    case: 'an empty body',
    status: 400,
    code: 'invalid_request',
    request: () => ({ path: '/subscriptions', body: {} }),
  },
  // The mock's own clock and event log.
  {
    method: 'GET',
    path: '/test_helpers/clock',
    case: 'the clock',
    status: 200,
    request: () => ({ path: '/test_helpers/clock' }),
  },
  {
    method: 'GET',
    path: '/test_helpers/events',
    case: 'list, paged',
    status: 200,
    paginated: true,
    request: () => ({ path: '/test_helpers/events?limit=1' }),
  },
  {
    method: 'GET',
    path: '/test_helpers/events/{id}',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/test_helpers/events/evt_${MISSING}` }),
  },
  {
    method: 'POST',
    path: '/test_helpers/clock/set',
    case: 'an instant before the clock',
    status: 422,
    code: 'validation_error',
    request: () => ({ path: '/test_helpers/clock/set', body: { now: '2000-01-01T00:00:00.000Z' } }),
  },
  // The mock's own harness: fault rules (one that matches nothing, removed at once), the request
  // journal, snapshots read but never loaded, and readiness. A reset is never probed: it would wipe the
  // server's state.
  {
    method: 'POST',
    path: '/test_helpers/faults',
    case: 'a rule that matches nothing',
    status: 201,
    request: () => ({
      path: '/test_helpers/faults',
      body: { match: { operation: 'glmVerifyMatchesNothing' }, fault: { status: 503 } },
    }),
    keep: [keep('fault', (body) => field(body, 'id'))],
  },
  {
    method: 'POST',
    path: '/test_helpers/faults',
    case: 'a status outside the error table',
    status: 422,
    code: 'validation_error',
    request: () => ({ path: '/test_helpers/faults', body: { fault: { status: 418 } } }),
  },
  {
    method: 'GET',
    path: '/test_helpers/faults',
    case: 'list',
    status: 200,
    request: () => ({ path: '/test_helpers/faults' }),
  },
  {
    method: 'DELETE',
    path: '/test_helpers/faults/{id}',
    case: 'remove the rule',
    status: 200,
    request: needs('fault', 'needs the rule this run added', (id) => ({
      path: `/test_helpers/faults/${id}`,
    })),
  },
  {
    method: 'DELETE',
    path: '/test_helpers/faults/{id}',
    case: 'a missing id',
    status: 404,
    code: 'not_found',
    request: () => ({ path: `/test_helpers/faults/flt_${MISSING}` }),
  },
  {
    method: 'GET',
    path: '/test_helpers/requests',
    case: 'list, paged',
    status: 200,
    paginated: true,
    request: () => ({ path: '/test_helpers/requests?limit=1&method=GET' }),
  },
  {
    method: 'GET',
    path: '/test_helpers/requests',
    case: 'a bad status filter',
    status: 400,
    code: 'invalid_request',
    request: () => ({ path: '/test_helpers/requests?status=abc' }),
  },
  {
    method: 'GET',
    path: '/test_helpers/snapshot',
    case: 'the state',
    status: 200,
    request: () => ({ path: '/test_helpers/snapshot' }),
  },
  {
    method: 'POST',
    path: '/test_helpers/snapshot',
    case: 'another format version',
    status: 422,
    code: 'validation_error',
    request: () => ({
      path: '/test_helpers/snapshot',
      body: { format: 'glm-mock-snapshot', version: 999, taken_at: '2000-01-01T00:00:00.000Z', tables: {} },
    }),
  },
  // Merchants: one made and removed again with its own key (the run's own merchant is never removed).
  {
    method: 'POST',
    path: '/test_helpers/merchants',
    case: 'a merchant of its own',
    status: 201,
    request: (state) => ({
      path: '/test_helpers/merchants',
      body: { name: `glm-mock verify ${tag(state)}` },
    }),
    keep: [keep('merchant_key', (body) => field(body, 'keys', 'test'))],
  },
  {
    method: 'POST',
    path: '/test_helpers/merchants',
    case: 'a name that is no text',
    status: 400,
    code: 'invalid_request',
    request: () => ({ path: '/test_helpers/merchants', body: { name: 7 } }),
  },
  {
    method: 'GET',
    path: '/test_helpers/merchants/current',
    case: "the run's merchant",
    status: 200,
    request: () => ({ path: '/test_helpers/merchants/current' }),
  },
  {
    method: 'DELETE',
    path: '/test_helpers/merchants/current',
    case: 'the merchant made above, with its key',
    status: 200,
    request: needs('merchant_key', 'needs the merchant this run made', (key) => ({
      path: '/test_helpers/merchants/current',
      key,
    })),
  },
  {
    method: 'GET',
    path: '/healthz',
    case: 'readiness',
    status: 200,
    withTestHelpers: true,
    request: () => ({ path: '/healthz' }),
  },
];
