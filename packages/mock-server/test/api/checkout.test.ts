import { CheckoutSessionEnvelope, Order } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { checkoutRequest, eligibleProduct, regularProduct } from '../support/fixtures.ts';
import { errorOf, type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';

const seedCatalog = (harness: Harness) =>
  harness.service.seed({ products: [eligibleProduct(), regularProduct()] });

const create = async (harness: Harness, ids: readonly string[], overrides: Record<string, unknown> = {}) => {
  const reply = await harness.request('POST', '/api/v2/checkout', { body: checkoutRequest(ids, overrides) });
  return { reply, session: CheckoutSessionEnvelope.parse(reply.body).data };
};

describe.each(TRANSPORTS)('checkout over %s', (transport) => {
  const harness = useHarness(transport);

  test('creating a session answers the D2 envelope with an open session, its amounts and a tokenized URL', async () => {
    const h = harness();
    seedCatalog(h);
    const { reply, session } = await create(h, ['sku-ibuprofen', 'sku-tissue'], {
      shipping: 500,
      tax: 100,
      discount: 200,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      success: true,
      metadata: { request_id: reply.headers.get('x-request-id') },
    });
    expect(session).toMatchObject({ status: 'open', type: 'split', reference_id: 'cart-1', order_id: null });
    expect(session.amounts).toEqual({
      subtotal: 2000,
      hsa_amount: 1000,
      regular_amount: 1000,
      shipping: 500,
      tax: 100,
      discount: 200,
      total: 2400,
    });
    expect(session.checkout_url).toMatch(
      new RegExp(`/checkout/${session.checkout_id}\\?token=[0-9A-Za-z]{32}$`),
    );
    expect(Date.parse(session.expires_at) - Date.parse(session.created_at)).toBe(24 * 3600 * 1000);
  });

  test('the cart type follows item eligibility; an unknown product id passes through as not eligible', async () => {
    const h = harness();
    seedCatalog(h);
    expect((await create(h, ['sku-ibuprofen'])).session.type).toBe('eligible');
    expect((await create(h, ['sku-tissue'])).session.type).toBe('regular');
    const passThrough = (await create(h, ['not-in-catalog'])).session;
    expect(passThrough.type).toBe('regular');
    expect(passThrough.line_items[0]).toMatchObject({ is_hsa_fsa_eligible: false, eligibility_type: null });
  });

  test('the embedded-guide request shape is accepted and normalized', async () => {
    const h = harness();
    seedCatalog(h);
    const reply = await h.request('POST', '/v2/checkout', {
      body: {
        reference_id: 'guide-1',
        customer: { email: 'g@example.com', first_name: 'G', last_name: 'H' },
        line_items: [
          { merchant_product_id: 'sku-ibuprofen', name: 'Ibuprofen', quantity: 2, price_cents: 1299 },
        ],
        shipping_info: { address_line_1: '1 Main', city: 'X', state: 'CA', zip: '90001', country: 'US' },
        amounts: { shipping_cents: 100 },
        success_url: 'https://shop.example.com/ok',
        cancel_url: 'https://shop.example.com/cancel',
      },
    });
    expect(reply.status).toBe(201);
    const session = CheckoutSessionEnvelope.parse(reply.body).data;
    expect(session).toMatchObject({ type: 'eligible', failure_url: 'https://shop.example.com/cancel' });
    expect(session.amounts.total).toBe(2698);
  });

  test.each([
    ['a missing customer', { customer: undefined }, 400, 'bad_request'],
    ['an empty cart', { line_items: [] }, 400, 'bad_request'],
    [
      'a bad email',
      { customer: { email: 'nope', first_name: 'A', last_name: 'B' } },
      422,
      'validation_error',
    ],
    ['a discount above the total', { discount: 999_999 }, 422, 'validation_error'],
    ['a non-http success_url', { success_url: 'ftp://x.example/ok' }, 422, 'validation_error'],
  ])(
    'creating a session with %s is refused in the checkout error envelope and stores nothing',
    async (_, overrides, status, code) => {
      const h = harness();
      seedCatalog(h);
      const reply = await h.request('POST', '/api/v2/checkout', {
        body: checkoutRequest(['sku-tissue'], overrides),
      });
      expect(reply.status).toBe(status);
      expect(reply.body).toMatchObject({
        success: false,
        error: { code },
        metadata: { request_id: reply.headers.get('x-request-id') },
      });
      expect(h.service.events().filter((event) => !event.type.startsWith('product.'))).toEqual([]);
    },
  );

  test('malformed JSON on checkout creation is 400 bad_request', async () => {
    const reply = await harness().request('POST', '/api/v2/checkout', {
      rawBody: '{"reference_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(errorOf(reply).code).toBe('bad_request');
  });

  test('GET checkout answers the same envelope; an unknown or other-mode id is 404', async () => {
    const h = harness();
    seedCatalog(h);
    const { session } = await create(h, ['sku-tissue']);
    const reply = await h.request('GET', `/api/v2/checkout/${session.checkout_id}`);
    expect(CheckoutSessionEnvelope.parse(reply.body).data).toEqual(session);
    expect((await h.request('GET', `/api/v2/checkout/${session.checkout_id}`, { key: 'live' })).status).toBe(
      404,
    );
    expect(errorOf(await h.request('GET', '/api/v2/checkout/cs_unknown')).code).toBe('not_found');
  });

  test('paying a split cart charges both cards, creates the completed order and emits order.created then order.completed', async () => {
    const h = harness();
    seedCatalog(h);
    const { session } = await create(h, ['sku-ibuprofen', 'sku-tissue'], { shipping: 501 });
    const reply = await h.request('POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {
      body: { card_number: '4111111111111111', hsa_card_number: '4242424242424242' },
    });
    expect(reply.status).toBe(200);
    const { checkout, order, payment } = reply.body as {
      checkout: { status: string; order_id: string };
      order: unknown;
      payment: unknown;
    };
    const parsed = Order.parse(order);
    expect(payment).toEqual({
      outcome: 'succeeded',
      cards: [
        { part: 'hsa_fsa', last4: '4242', outcome: 'succeeded' },
        { part: 'regular', last4: '1111', outcome: 'succeeded' },
      ],
    });
    expect(checkout).toMatchObject({ status: 'paid', order_id: parsed.id });
    expect(parsed).toMatchObject({
      status: 'completed',
      payment_status: 'captured',
      checkout_id: session.checkout_id,
      test_mode: true,
    });
    expect(parsed.status_history.map((entry) => entry.status)).toEqual([
      'pending',
      'processing',
      'completed',
    ]);
    expect(parsed.amounts.hsa_fsa_amount_cents + parsed.amounts.regular_amount_cents).toBe(
      parsed.amounts.total_cents,
    );
    expect(parsed.order_number).toMatch(/^ORD-2025-000001$/);
    const types = h.service
      .events()
      .map((event) => event.type)
      .filter((type) => type.startsWith('order.'));
    expect(types).toEqual(['order.created', 'order.completed']);
    expect((await h.request('GET', `/v2/orders/${parsed.id}`)).body).toEqual(order);
  });

  test.each([
    ['4000000000000002', 'card_declined', true],
    ['4000000000009995', 'insufficient_funds', true],
    ['4000000000000069', 'hard_decline', false],
  ])(
    'card %s declines as %s, emits payment.failed and leaves the session open',
    async (card, code, retryable) => {
      const h = harness();
      seedCatalog(h);
      const { session } = await create(h, ['sku-tissue']);
      const reply = await h.request('POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {
        body: { card_number: card },
      });
      expect(reply.body).toMatchObject({
        order: null,
        checkout: { status: 'open' },
        payment: { outcome: 'declined', decline_code: code, retryable },
      });
      const types = h.service
        .events()
        .map((event) => event.type)
        .filter((type) => !type.startsWith('product.'));
      expect(types).toEqual(retryable ? ['payment.failed'] : ['payment.failed', 'checkout.failed']);
      const retry = await h.request('POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {
        body: {},
      });
      expect(retry.body).toMatchObject({ payment: { outcome: 'succeeded' } });
    },
  );

  test('paying a paid session is 409 conflict; pay on an unknown session is 404', async () => {
    const h = harness();
    seedCatalog(h);
    const { session } = await create(h, ['sku-tissue']);
    await h.service.payCheckout(session.checkout_id);
    const again = await h.request('POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {
      body: {},
    });
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('conflict');
    expect((await h.request('POST', '/v2/test_helpers/checkout/cs_nope/pay', { body: {} })).status).toBe(404);
  });

  test('a session expires after 24 hours of virtual time with checkout.expired, and then cannot be paid', async () => {
    const h = harness();
    seedCatalog(h);
    const { session } = await create(h, ['sku-tissue']);
    h.service.clock.advance('23h59m');
    expect(h.service.events({ type: 'checkout.expired' })).toEqual([]);
    h.service.clock.advance('1m');
    const [expired] = h.service.events({ type: 'checkout.expired' });
    expect(expired?.data).toMatchObject({
      checkout_id: session.checkout_id,
      status: 'expired',
      expired_at: session.expires_at,
    });
    expect(expired?.created_at).toBe(session.expires_at);
    expect(
      (await h.request('POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, { body: {} })).status,
    ).toBe(409);
  });

  test('cancel leaves the session open and emits nothing', async () => {
    const h = harness();
    seedCatalog(h);
    const { session } = await create(h, ['sku-tissue']);
    const reply = await h.request('POST', `/v2/test_helpers/checkout/${session.checkout_id}/cancel`);
    expect(reply.body).toMatchObject({ checkout: { status: 'open' } });
    expect(h.service.events().filter((event) => !event.type.startsWith('product.'))).toEqual([]);
  });
});
