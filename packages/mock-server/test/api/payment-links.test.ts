import { PaymentLink, PaymentLinkList } from '@glm/domain';
import { PaymentLinkPayResult } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { eligibleProduct, paymentLinkRequest, regularProduct } from '../support/fixtures.ts';
import { errorOf, type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';
import { paidOrder } from '../support/payment-fixtures.ts';

const DAY = 24 * 3600 * 1000;

const createLink = async (h: Harness, overrides: Record<string, unknown> = {}, prefix = '/v2') => {
  const reply = await h.request('POST', `${prefix}/payment-links`, { body: paymentLinkRequest(overrides) });
  return { reply, link: PaymentLink.parse(reply.body) };
};

const types = (h: Harness) => h.service.events().map((event) => event.type);

describe.each(TRANSPORTS)('payment links over %s', (transport) => {
  const harness = useHarness(transport, { seed: { products: [eligibleProduct(), regularProduct()] } });

  test('creating a link answers 201 with an active link, its hosted URL and a 15-day default expiry', async () => {
    const h = harness();
    const { reply, link } = await createLink(h);
    expect(reply.status).toBe(201);
    expect(link).toMatchObject({
      status: 'active',
      amount_cents: 5000,
      currency: 'USD',
      payment_type: 'one_time',
    });
    expect(link.id).toMatch(/^plink_[0-9A-Za-z]{24}$/);
    expect(link.url).toMatch(new RegExp(`^https?://[^/]+/pay/${link.id}$`));
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(15 * DAY);
    expect(h.service.events({ type: 'payment_link.created' }).map((event) => event.data)).toEqual([
      reply.body,
    ]);
  });

  test('link products carry the catalog eligibility of their merchant product id', async () => {
    const h = harness();
    const { link } = await createLink(h, {
      products: [
        { merchant_product_id: 'sku-ibuprofen', name: 'Ibuprofen', quantity: 2, price_cents: 1000 },
        { merchant_product_id: 'sku-unknown', name: 'Gift wrap', quantity: 1, price_cents: 500 },
      ],
    });
    expect(link.products).toEqual([
      expect.objectContaining({
        merchant_product_id: 'sku-ibuprofen',
        is_hsa_fsa_eligible: true,
        eligibility_type: 'auto_substantiation',
      }),
      expect.objectContaining({
        merchant_product_id: 'sku-unknown',
        is_hsa_fsa_eligible: false,
        eligibility_type: null,
      }),
    ]);
  });

  test.each([
    ['a zero amount', { amount_cents: 0 }, 400, 'invalid_amount', 'amount_cents'],
    ['a fractional amount', { amount_cents: 10.5 }, 400, 'invalid_amount', 'amount_cents'],
    ['a currency other than USD', { currency: 'EUR' }, 400, 'invalid_currency', 'currency'],
    ['no description', { description: undefined }, 400, 'invalid_request', 'description'],
    [
      'a subscription without interval',
      { payment_type: 'subscription', subscription: {} },
      422,
      'validation_error',
      'subscription.interval',
    ],
    [
      'products above the amount',
      { products: [{ merchant_product_id: 'a', name: 'A', quantity: 1, price_cents: 6000 }] },
      422,
      'validation_error',
      'products',
    ],
    ['an expiry in the past', { expires_at: '2025-02-01T00:00:00Z' }, 422, 'validation_error', 'expires_at'],
    [
      'an expiry more than 90 days away',
      { expires_at: '2025-06-01T12:00:00Z' },
      422,
      'validation_error',
      'expires_at',
    ],
  ])('creating a link with %s is refused and stores nothing', async (_, overrides, status, code, param) => {
    const h = harness();
    const events = h.service.events().length;
    const reply = await h.request('POST', '/v2/payment-links', { body: paymentLinkRequest(overrides) });
    expect(reply.status).toBe(status);
    expect(errorOf(reply)).toMatchObject({ code, param });
    expect(PaymentLinkList.parse((await h.request('GET', '/v2/payment-links')).body).data).toEqual([]);
    expect(h.service.events()).toHaveLength(events);
  });

  test('a link is found by id under both prefixes; an unknown id or another mode is 404 not_found', async () => {
    const h = harness();
    const { link } = await createLink(h);
    for (const prefix of ['/v2', '/api/v2']) {
      expect((await h.request('GET', `${prefix}/payment-links/${link.id}`)).body).toEqual(link);
    }
    for (const reply of [
      await h.request('GET', '/v2/payment-links/plink_missing'),
      await h.request('GET', `/v2/payment-links/${link.id}`, { key: 'live' }),
    ]) {
      expect(reply.status).toBe(404);
      expect(errorOf(reply)).toMatchObject({ code: 'not_found', param: 'id' });
    }
  });

  test('the list is newest first, pages with next_cursor and filters by status, type, email and creation time', async () => {
    const h = harness();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const customer = { email: i % 2 === 0 ? 'Ada@Example.com' : 'bob@example.com' };
      const overrides =
        i === 3
          ? { customer, payment_type: 'subscription', subscription: { interval: 'monthly' } }
          : { customer };
      ids.push((await createLink(h, overrides)).link.id);
      h.service.clock.advance('1m');
    }
    await h.request('POST', `/v2/payment-links/${ids[1]}/cancel`, { body: {} });
    const list = async (query: string) =>
      PaymentLinkList.parse((await h.request('GET', `/v2/payment-links${query}`)).body);
    const first = await list('?limit=3');
    expect(first.data.map((link) => link.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(first).toMatchObject({ has_more: true, next_cursor: ids[1] });
    const second = await list(`?limit=3&starting_after=${ids[1]}`);
    expect(second).toMatchObject({
      data: [expect.objectContaining({ id: ids[0] })],
      has_more: false,
      next_cursor: null,
    });
    expect((await list('?status=cancelled')).data.map((link) => link.id)).toEqual([ids[1]]);
    expect((await list('?payment_type=subscription')).data.map((link) => link.id)).toEqual([ids[3]]);
    expect((await list('?customer_email=ada@example.com')).data.map((link) => link.id)).toEqual([
      ids[2],
      ids[0],
    ]);
    const created = (await list(`?limit=100`)).data.map((link) => link.created_at);
    const window = await list(`?created_after=${created[3]}&created_before=${created[0]}`);
    expect(window.data.map((link) => link.id)).toEqual([ids[2], ids[1]]);
  });

  test.each([
    ['an unknown cursor', '?starting_after=plink_missing', 'starting_after'],
    ['an unknown parameter', '?colour=red', 'colour'],
    ['an unknown status', '?status=open', 'status'],
    ['a limit above 100', '?limit=101', 'limit'],
  ])('listing with %s is 400 invalid_request naming the parameter', async (_, query, param) => {
    const reply = await harness().request('GET', `/v2/payment-links${query}`);
    expect(reply.status).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'invalid_request', param });
  });

  test('cancelling an active link sets cancelled_at and the reason and emits payment_link.cancelled', async () => {
    const h = harness();
    const { link } = await createLink(h);
    h.service.clock.advance('5m');
    const reply = await h.request('POST', `/api/v2/payment-links/${link.id}/cancel`, {
      body: { reason: 'Duplicate' },
    });
    expect(reply.status).toBe(200);
    const cancelled = PaymentLink.parse(reply.body);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelled_at: h.service.clock.now().toISOString(),
      cancellation_reason: 'Duplicate',
    });
    const [event] = h.service.events({ type: 'payment_link.cancelled' });
    expect(event?.data).toMatchObject({
      id: link.id,
      status: 'cancelled',
      cancelled_at: cancelled.cancelled_at,
      cancellation_reason: 'Duplicate',
    });
  });

  test('cancelling accepts an empty body and leaves the reason null', async () => {
    const h = harness();
    const { link } = await createLink(h);
    const reply = await h.request('POST', `/v2/payment-links/${link.id}/cancel`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'cancelled', cancellation_reason: null });
  });

  test('cancelling a link that is not active is 400 invalid_state naming its current status', async () => {
    const h = harness();
    const cancelled = (await createLink(h)).link;
    await h.request('POST', `/v2/payment-links/${cancelled.id}/cancel`, { body: {} });
    const paid = (await createLink(h)).link;
    await h.service.payPaymentLink(paid.id);
    const expired = (await createLink(h, { expires_at: '2025-03-02T12:00:00Z' })).link;
    h.service.clock.advance('2d');
    for (const [link, status] of [
      [cancelled, 'cancelled'],
      [paid, 'paid'],
      [expired, 'expired'],
    ] as const) {
      const reply = await h.request('POST', `/v2/payment-links/${link.id}/cancel`, { body: {} });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toMatchObject({ code: 'invalid_state', param: 'status' });
      expect(errorOf(reply).message).toContain(status);
    }
  });

  test('cancelling with a reason over 500 characters or an unknown link is refused', async () => {
    const h = harness();
    const { link } = await createLink(h);
    const long = await h.request('POST', `/v2/payment-links/${link.id}/cancel`, {
      body: { reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(422);
    expect(errorOf(long)).toMatchObject({ code: 'validation_error', param: 'reason' });
    const missing = await h.request('POST', '/v2/payment-links/plink_missing/cancel', { body: {} });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'not_found', param: 'id' });
    expect((await h.request('GET', `/v2/payment-links/${link.id}`)).body).toMatchObject({ status: 'active' });
  });

  test('a link expires at expires_at on the virtual clock and emits payment_link.expired once', async () => {
    const h = harness();
    const { link } = await createLink(h, { expires_at: '2025-03-01T13:00:00Z' });
    h.service.clock.advance('59m');
    expect((await h.request('GET', `/v2/payment-links/${link.id}`)).body).toMatchObject({ status: 'active' });
    h.service.clock.advance('1m');
    expect((await h.request('GET', `/v2/payment-links/${link.id}`)).body).toMatchObject({
      status: 'expired',
    });
    h.service.clock.advance('1d');
    const expired = h.service.events({ type: 'payment_link.expired' });
    expect(expired.map((event) => [event.created_at, event.data['id']])).toEqual([
      ['2025-03-01T13:00:00.000Z', link.id],
    ]);
  });

  test('paying a link opens a checkout for it; the order carries payment_link_id and payment_link.paid precedes order.created', async () => {
    const h = harness();
    const { link } = await createLink(h, {
      customer: { email: 'ada@example.com' },
      products: [{ merchant_product_id: 'sku-ibuprofen', name: 'Ibuprofen', quantity: 1, price_cents: 3000 }],
    });
    const reply = await h.request('POST', `/v2/test_helpers/payment-links/${link.id}/pay`, { body: {} });
    expect(reply.status).toBe(200);
    const paid = PaymentLinkPayResult.parse(reply.body);
    expect(paid.payment).toEqual({
      outcome: 'succeeded',
      cards: [
        { part: 'hsa_fsa', last4: '4242', outcome: 'succeeded' },
        { part: 'regular', last4: '4242', outcome: 'succeeded' },
      ],
    });
    expect(paid.payment_link.status).toBe('paid');
    expect(paid.checkout).toMatchObject({ status: 'paid', order_id: paid.order?.id, type: 'split' });
    expect(paid.order).toMatchObject({
      payment_link_id: link.id,
      status: 'completed',
      payment_status: 'captured',
    });
    expect(paid.order?.amounts).toMatchObject({
      total_cents: 5000,
      hsa_fsa_amount_cents: 3000,
      regular_amount_cents: 2000,
    });
    expect(paid.order?.customer.email).toBe('ada@example.com');
    expect(types(h).slice(-3)).toEqual(['payment_link.paid', 'order.created', 'order.completed']);
    expect((await h.request('GET', `/v2/payment-links/${link.id}`)).body).toMatchObject({ status: 'paid' });
  });

  test('a link order carries client_reference_id from the link metadata, and order.completed carries it with payment_link_id', async () => {
    const h = harness();
    const { link } = await createLink(h, {
      metadata: { client_reference_id: 'cust-42', campaign: 'spring' },
    });
    const paid = PaymentLinkPayResult.parse(
      (await h.request('POST', `/v2/test_helpers/payment-links/${link.id}/pay`, { body: {} })).body,
    );
    expect(paid.order).toMatchObject({ payment_link_id: link.id, client_reference_id: 'cust-42' });
    const [completed] = h.service.events({ type: 'order.completed' });
    expect(completed?.data).toMatchObject({ payment_link_id: link.id, client_reference_id: 'cust-42' });
  });

  test('a link order without a client reference says so with null; a checkout order has neither link field', async () => {
    const h = harness();
    const { link } = await createLink(h);
    const paid = PaymentLinkPayResult.parse(
      (await h.request('POST', `/v2/test_helpers/payment-links/${link.id}/pay`, { body: {} })).body,
    );
    expect(paid.order).toHaveProperty('client_reference_id', null);
    const order = await paidOrder(h, ['sku-ibuprofen']);
    expect([order.payment_link_id, order.client_reference_id, order.reference_id]).toEqual([
      null,
      null,
      'cart-1',
    ]);
  });

  test('a declined card leaves the link active, and the retry pays through the same checkout session', async () => {
    const h = harness();
    const { link } = await createLink(h);
    const declined = PaymentLinkPayResult.parse(
      (
        await h.request('POST', `/v2/test_helpers/payment-links/${link.id}/pay`, {
          body: { card_number: '4000000000000002' },
        })
      ).body,
    );
    expect(declined).toMatchObject({ order: null, payment: { outcome: 'declined', retryable: true } });
    expect(declined.payment_link.status).toBe('active');
    expect(types(h)).toContain('payment.failed');
    const retry = await h.service.payPaymentLink(link.id);
    expect(retry.checkout.checkout_id).toBe(declined.checkout.checkout_id);
    expect(retry.payment_link.status).toBe('paid');
  });

  test('paying a link that is not active is 409 conflict; an unknown link is 404; a live key is 403', async () => {
    const h = harness();
    const { link } = await createLink(h);
    await h.service.payPaymentLink(link.id);
    const again = await h.request('POST', `/v2/test_helpers/payment-links/${link.id}/pay`, { body: {} });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'conflict', param: 'status' });
    await expect(h.service.payPaymentLink(link.id)).rejects.toMatchObject({ status: 409, code: 'conflict' });
    const missing = await h.request('POST', '/v2/test_helpers/payment-links/plink_missing/pay', { body: {} });
    expect(missing.status).toBe(404);
    const live = await h.request('POST', `/v2/test_helpers/payment-links/${link.id}/pay`, {
      body: {},
      key: 'live',
    });
    expect(live.status).toBe(403);
    expect(h.service.events({ type: 'order.created' })).toHaveLength(1);
  });

  test('creating and cancelling with an Idempotency-Key replays the first answer without a second effect', async () => {
    const h = harness();
    const headers = { 'idempotency-key': 'link-1' };
    const first = await h.request('POST', '/v2/payment-links', { body: paymentLinkRequest(), headers });
    const second = await h.request('POST', '/v2/payment-links', { body: paymentLinkRequest(), headers });
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const id = PaymentLink.parse(first.body).id;
    const cancel = { 'idempotency-key': 'cancel-1' };
    await h.request('POST', `/v2/payment-links/${id}/cancel`, { body: {}, headers: cancel });
    const replay = await h.request('POST', `/v2/payment-links/${id}/cancel`, { body: {}, headers: cancel });
    expect(replay.status).toBe(200);
    expect(types(h).filter((type) => type.startsWith('payment_link.'))).toEqual([
      'payment_link.created',
      'payment_link.cancelled',
    ]);
  });
});
