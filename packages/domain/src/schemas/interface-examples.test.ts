// Every body the service interface shows, section by section, in the shape its tables give (plus the
// fields the D-decisions add), parsed by the domain's schema for it. Where a section's own example is
// covered by a schema's test file, the row names it.
import { expect, test } from 'vitest';
import { ApiKey, ApiKeyWithKey } from './api-key.ts';
import { CheckoutCreate } from './checkout-create-body.ts';
import { CheckoutCreateResponse, CheckoutGuideResponse } from './checkout-guide-response.ts';
import { CheckoutMessage } from './checkout-message.ts';
import { CheckoutSessionEnvelope } from './checkout-session.ts';
import { EligibilityCheckRequest } from './eligibility-check-request.ts';
import { EligibilityResult } from './eligibility-result.ts';
import { CheckoutErrorBody, ErrorBody } from './error-body.ts';
import { Event } from './event.ts';
import { Order } from './order.ts';
import { PaymentLink, PaymentLinkList } from './payment-link.ts';
import { PaymentLinkCancel, PaymentLinkCreate, PaymentLinkListQuery } from './payment-link-requests.ts';
import { Product, ProductList } from './product.ts';
import { ProductListQuery, ProductUpdate } from './product-requests.ts';
import { RefundCreate } from './refund-requests.ts';
import { EligibilityType } from './statuses.ts';
import {
  checkoutEnvelopeBody,
  checkoutGuideBody,
  checkoutReferenceBody,
  checkoutSessionBody,
  disputeBody,
  orderBody,
  paymentLinkBody,
  paymentLinkCreateBody,
  productBody,
} from './test-support/fixtures.ts';
import { WebhookEndpoint, WebhookEndpointWithSecret, WebhookSecret } from './webhook-endpoint.ts';

const at = '2025-01-02T03:04:05.000Z';

// 2.1 Product, 4.1 List products

test('2.1: a product with every field of the table and the D8 fields parses unchanged', () => {
  expect(Product.parse(productBody())).toEqual(productBody());
});

test('4.1: a product page answers data, has_more and an integer next_cursor', () => {
  const page = { data: [productBody()], has_more: true, next_cursor: productBody().id };
  expect(ProductList.parse(page)).toEqual(page);
});

test('4.1: a list query with every documented filter parses, read from query-string values', () => {
  const query = ProductListQuery.parse({
    limit: '25',
    starting_after: '42',
    status: 'inactive',
    hsa_fsa_eligible: 'true',
    merchant_product_id: 'sku-therm-1',
    created_after: '2025-01-01T00:00:00Z',
    created_before: '2025-02-01T00:00:00Z',
  });
  expect(query).toEqual({
    limit: 25,
    starting_after: 42,
    status: 'inactive',
    hsa_fsa_eligible: true,
    merchant_product_id: 'sku-therm-1',
    created_after: '2025-01-01T00:00:00Z',
    created_before: '2025-02-01T00:00:00Z',
  });
});

test('4.2: an update of price, description, images, metadata and UPC parses', () => {
  const update = {
    price: 2499,
    description: 'Now with a soft tip.',
    images: ['https://cdn.example.com/t2.png'],
    metadata: { color: null, size: 'L' },
    upc_code_or_gtin: '036000291452',
  };
  expect(ProductUpdate.parse(update)).toEqual(update);
});

// 2.2 Eligibility result, 4.3 Check eligibility

// Eligible results of every type; not eligible uses the same shape with a null type (D12).
test.each([...EligibilityType.options.map((type) => [true, type] as const), [false, null] as const])(
  '2.2: a result with hsa_fsa_eligible %s and type %s parses unchanged',
  (eligible, type) => {
    const result = { hsa_fsa_eligible: eligible, eligibility_type: type, reason: 'Because.', checked_at: at };
    expect(EligibilityResult.parse(result)).toEqual(result);
  },
);

test('4.3: a check request with a barcode and a name parses to bare digits', () => {
  expect(
    EligibilityCheckRequest.parse({
      upc_code_or_gtin: '0-36000-29145-2',
      product_name: 'Digital thermometer',
    }),
  ).toEqual({ upc_code_or_gtin: '036000291452', product_name: 'Digital thermometer' });
});

// 2.3 Checkout session, 4.4 Create checkout session

/** A creation answer with exactly the fields of 2.3's table, none of D17's. */
function creationEnvelopeBody() {
  const { order_id: _order, paid_at: _paid, expired_at: _expired, ...session } = checkoutSessionBody();
  return { ...checkoutEnvelopeBody(), data: session };
}

test('2.3: a creation envelope with exactly the fields of the table parses unchanged', () => {
  expect(CheckoutSessionEnvelope.parse(creationEnvelopeBody())).toEqual(creationEnvelopeBody());
});

test('2.3, D17: a status envelope with order_id, paid_at and expired_at parses unchanged', () => {
  const body = {
    ...checkoutEnvelopeBody(),
    data: { ...checkoutSessionBody(), status: 'paid', order_id: 'ord_1', paid_at: at },
  };
  expect(CheckoutSessionEnvelope.parse(body)).toEqual(body);
});

test('4.4: a reference-shape body with every optional field, subscription included, parses', () => {
  const body = {
    ...checkoutReferenceBody(),
    customer: { ...checkoutReferenceBody().customer, phone: '+15555550100' },
    line_items: [{ ...checkoutReferenceBody().line_items[0], image_url: 'https://cdn.example.com/t.png' }],
    billing_info: { ...checkoutReferenceBody().shipping_info, address_line_2: 'Apt 2' },
    payment_type: 'subscription',
    subscription: { interval: 'monthly', trial_period_days: 14 },
  };
  const parsed = CheckoutCreate.parse(body);
  expect([parsed.payment_type, parsed.subscription, parsed.billing_info?.address_line_2]).toEqual([
    'subscription',
    { interval: 'monthly', trial_period_days: 14 },
    'Apt 2',
  ]);
});

test('4.4: a guide-shape body with payment_type and interval_count parses', () => {
  const body = {
    ...checkoutGuideBody(),
    payment_type: 'subscription',
    subscription: { interval: 'weekly', interval_count: 2, trial_period_days: 7 },
  };
  expect(CheckoutCreate.parse(body).subscription).toEqual({
    interval: 'weekly',
    interval_count: 2,
    trial_period_days: 7,
  });
});

test("4.4: the guide's top-level answer parses and reads like the envelope's data", () => {
  const session = checkoutSessionBody();
  const guide = {
    id: session.checkout_id,
    checkout_url: session.checkout_url,
    status: 'open',
    expires_at: session.expires_at,
    created_at: session.created_at,
  };
  expect(CheckoutGuideResponse.parse(guide)).toEqual(guide);
  const fromGuide = CheckoutCreateResponse.parse(guide);
  const fromEnvelope = CheckoutCreateResponse.parse(checkoutEnvelopeBody());
  expect(fromGuide).toEqual({ ...fromEnvelope, session: null });
  expect(fromEnvelope.session).toEqual(session);
});

test('4.4: a body that is neither checkout answer is refused', () => {
  const { checkout_url: _url, ...withoutUrl } = checkoutSessionBody();
  for (const body of [{}, checkoutSessionBody(), { ...checkoutEnvelopeBody(), data: withoutUrl }]) {
    expect(CheckoutCreateResponse.safeParse(body).success).toBe(false);
  }
});

// 2.4 Payment link, 4.6 Cancel, 4.7 Create, 4.9 Listing

test('2.4: an active one-time link, before any cancellation, parses unchanged', () => {
  const {
    cancelled_at: _at,
    cancellation_reason: _reason,
    subscription: _subscription,
    ...link
  } = paymentLinkBody();
  const active = { ...link, status: 'active', payment_type: 'one_time' };
  expect(PaymentLink.parse(active)).toEqual(active);
});

test('2.4, 4.6: a cancelled link carries cancelled_at and cancellation_reason', () => {
  const link = PaymentLink.parse(paymentLinkBody());
  expect([link.status, link.cancelled_at, link.cancellation_reason]).toEqual([
    'cancelled',
    paymentLinkBody().cancelled_at,
    paymentLinkBody().cancellation_reason,
  ]);
});

test('4.6: a cancel body with a reason parses, and an empty one too', () => {
  expect(PaymentLinkCancel.parse({ reason: 'Customer changed their mind' })).toEqual({
    reason: 'Customer changed their mind',
  });
  expect(PaymentLinkCancel.parse({})).toEqual({});
});

test('4.7: a subscription link body with every field parses unchanged', () => {
  expect(PaymentLinkCreate.parse(paymentLinkCreateBody())).toEqual(paymentLinkCreateBody());
});

test('4.9: the merchant-code listing filters status and created_before parse, and the page answers', () => {
  expect(PaymentLinkListQuery.parse({ status: 'active', created_before: at })).toEqual({
    limit: 10,
    status: 'active',
    created_before: at,
  });
  const page = { data: [paymentLinkBody()], has_more: false, next_cursor: null };
  expect(PaymentLinkList.parse(page)).toEqual(page);
});

test('4.9, D21: a refund body with only the order and a reason parses as a full refund', () => {
  expect(RefundCreate.parse({ order_id: 'ord_1', reason: 'customer_request' })).toEqual({
    order_id: 'ord_1',
    reason: 'customer_request',
  });
});

// 2.5 Order, 4.8 Get order

test('2.5: a checkout order with every field of the table parses unchanged', () => {
  expect(Order.parse(orderBody())).toEqual(orderBody());
});

test('2.5, 6.2: a payment link order carries payment_link_id and client_reference_id', () => {
  const body = {
    ...orderBody(),
    checkout_id: 'cs_1',
    reference_id: null,
    payment_link_id: 'plink_1',
    client_reference_id: 'client-7',
  };
  expect(Order.parse(body)).toEqual(body);
});

// 4.10 Embedded checkout messages (D26)

test.each([
  { type: 'checkout.completed', checkout_id: 'cs_1', order_id: 'ord_1' },
  { type: 'checkout.cancelled', checkout_id: 'cs_1' },
  { type: 'checkout.error', checkout_id: 'cs_1', error: { code: 'card_declined', message: 'Declined' } },
  { type: 'checkout.resize', height: 640 },
])('4.10: the $type message parses unchanged', (message) => {
  expect(CheckoutMessage.parse(message)).toEqual(message);
});

test.each([
  ['an unknown type', { type: 'checkout.opened', checkout_id: 'cs_1' }],
  ['a completion without its order', { type: 'checkout.completed', checkout_id: 'cs_1' }],
  ['a cancellation without its session', { type: 'checkout.cancelled' }],
  ['an error given as a string', { type: 'checkout.error', checkout_id: 'cs_1', error: 'Declined' }],
  ['a negative height', { type: 'checkout.resize', height: -1 }],
  ['another library’s message', { source: 'react-devtools', payload: {} }],
])('4.10: %s is not a checkout message', (_name, message) => {
  expect(CheckoutMessage.safeParse(message).success).toBe(false);
});

// 6.2 Events: the named data fields of the table, read through the typed union

function event(type: string, data: object) {
  return { id: 'evt_1', type, created_at: at, test_mode: true, api_version: 'v2', data };
}

test('6.2: order.created names id, checkout_id, reference_id, status completed and customer.email', () => {
  const parsed = Event.parse(event('order.created', orderBody()));
  const data = parsed.type === 'order.created' ? parsed.data : undefined;
  expect([data?.id, data?.checkout_id, data?.reference_id, data?.status, data?.customer.email]).toEqual([
    'ord_0123456789abcdefghijklmn',
    'cs_0123456789abcdefghijklmn',
    'cart-1001',
    'completed',
    'ada@example.com',
  ]);
});

test('6.2: order.completed names payment_link_id and client_reference_id, or reference_id with a null link', () => {
  const linkOrder = { ...orderBody(), payment_link_id: 'plink_1', client_reference_id: 'client-7' };
  const forLink = Event.parse(event('order.completed', linkOrder));
  const forCheckout = Event.parse(event('order.completed', orderBody()));
  const fields = (parsed: Event) =>
    parsed.type === 'order.completed'
      ? [parsed.data.payment_link_id, parsed.data.client_reference_id ?? null, parsed.data.reference_id]
      : [];
  expect(fields(forLink)).toEqual(['plink_1', 'client-7', 'cart-1001']);
  expect(fields(forCheckout)).toEqual([null, null, 'cart-1001']);
});

test('6.2: payment.failed names retryable, false for a hard decline', () => {
  const parsed = Event.parse(event('payment.failed', { checkout_id: 'cs_1', retryable: false }));
  expect(parsed.type === 'payment.failed' ? parsed.data.retryable : undefined).toBe(false);
});

test('6.2: dispute.created names evidence_due_by', () => {
  const parsed = Event.parse(event('dispute.created', disputeBody()));
  expect(parsed.type === 'dispute.created' ? parsed.data.evidence_due_by : undefined).toBe(
    disputeBody().evidence_due_by,
  );
});

test.each(['won', 'lost', 'warning_closed'])('6.2: dispute.closed names the outcome %s', (outcome) => {
  const parsed = Event.parse(event('dispute.closed', { ...disputeBody(), status: outcome, outcome }));
  expect(parsed.type === 'dispute.closed' ? parsed.data.outcome : undefined).toBe(outcome);
});

test.each(['refunded', 'partially_refunded'])('6.2: refund.succeeded names payment_status %s', (status) => {
  const refund = {
    id: 'ref_1',
    order_id: 'ord_1',
    amount_cents: 100,
    reason: 'other',
    notes: null,
    status: 'succeeded',
    refund_breakdown: { hsa_fsa_amount_cents: 100, regular_amount_cents: 0 },
    metadata: {},
    created_at: at,
    processed_at: at,
  };
  const parsed = Event.parse(event('refund.succeeded', { ...refund, payment_status: status }));
  expect(parsed.type === 'refund.succeeded' ? parsed.data.payment_status : undefined).toBe(status);
});

test('6.2: checkout.failed carries data.checkout_id', () => {
  const parsed = Event.parse(event('checkout.failed', checkoutSessionBody()));
  expect(parsed.type === 'checkout.failed' ? parsed.data.checkout_id : undefined).toBe(
    checkoutSessionBody().checkout_id,
  );
});

test('6.2: payment_link.cancelled names id, status, cancelled_at and cancellation_reason', () => {
  const parsed = Event.parse(event('payment_link.cancelled', paymentLinkBody()));
  const data = parsed.type === 'payment_link.cancelled' ? parsed.data : undefined;
  const { id, status, cancelled_at, cancellation_reason } = paymentLinkBody();
  expect([data?.id, data?.status, data?.cancelled_at, data?.cancellation_reason]).toEqual([
    id,
    status,
    cancelled_at,
    cancellation_reason,
  ]);
});

// 5 Authentication and D28: keys and webhook endpoints as the dashboard answers them

test('D28: an API key answers its value only at creation', () => {
  const created = { id: 'key_1', name: 'ci', mode: 'test', key: 'glm_test_x.y', created_at: at };
  expect(ApiKeyWithKey.parse(created)).toEqual(created);
  const { key: _key, ...listed } = created;
  expect(ApiKey.parse(listed)).toEqual(listed);
  expect(ApiKeyWithKey.safeParse(listed).success).toBe(false);
});

test('D24, D28: a webhook endpoint answers its secret only at registration', () => {
  const registered = {
    id: 'whep_1',
    url: 'https://shop.example.com/hooks',
    events: ['order.completed', '*'],
    description: 'Fulfilment',
    secret: 'whsec_x',
    created_at: at,
  };
  expect(WebhookEndpointWithSecret.parse(registered)).toEqual(registered);
  const { secret, ...listed } = registered;
  expect(WebhookEndpoint.parse(listed)).toEqual(listed);
  expect(WebhookSecret.parse({ secret })).toEqual({ secret });
});

// 7 Errors: one body per row of the table

test.each([
  [400, { code: 'invalid_request', message: 'Invalid limit', param: 'limit' }],
  [
    400,
    { code: 'invalid_amount', message: 'amount_cents must be a positive integer', param: 'amount_cents' },
  ],
  [400, { code: 'invalid_currency', message: 'Unsupported currency: EUR', param: 'currency' }],
  [400, { code: 'invalid_state', message: 'Payment link is paid', param: 'status' }],
  [401, { code: 'unauthorized', message: 'Invalid API key' }],
  [404, { code: 'not_found', message: 'No such order', param: 'id' }],
  [
    422,
    {
      code: 'validation_error',
      message: 'Validation failed',
      param: 'subscription.interval',
      details: [{ field: 'subscription.interval', message: 'subscription interval is required' }],
    },
  ],
  [429, { code: 'rate_limit_exceeded', message: 'Too many requests' }],
])('7: a %i %o error body parses unchanged', (_status, error) => {
  expect(ErrorBody.parse({ error })).toEqual({ error });
});

test('7, D2: a checkout creation error is the same error object in the checkout envelope', () => {
  const body = {
    success: false,
    error: { code: 'bad_request', message: 'reference_id is required', param: 'reference_id' },
    metadata: { request_id: 'req_1' },
  };
  expect(CheckoutErrorBody.parse(body)).toEqual(body);
});
