// D35: the authorizing test card (4000000000000200) leaves the order processing/authorized until the
// capture or fail test helper; the processing-error card declines, retryable.
import { CheckoutSessionEnvelope, Order, PaymentLink, Refund, Subscription } from '@glm/domain';
import { findTestCard, TEST_CARDS } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { MockServiceError } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct, paymentLinkRequest, regularProduct } from '../support/fixtures.ts';
import { type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';

const AUTHORIZES = TEST_CARDS.find((card) => card.outcome === 'authorized')?.number ?? '';
const PROCESSING_ERROR = TEST_CARDS.find((card) => card.decline_code === 'processing_error')?.number ?? '';

async function openSession(harness: Harness, lines: readonly string[] = ['sku-ibuprofen']): Promise<string> {
  await harness.request('POST', '/api/v2/products', { body: eligibleProduct() });
  await harness.request('POST', '/api/v2/products', { body: regularProduct() });
  const created = await harness.request('POST', '/api/v2/checkout', { body: checkoutRequest(lines) });
  return CheckoutSessionEnvelope.parse(created.body).data.checkout_id;
}

async function authorizedOrder(harness: Harness): Promise<Order> {
  const id = await openSession(harness);
  const paid = await harness.request('POST', `/v2/test_helpers/checkout/${id}/pay`, {
    body: { hsa_card_number: AUTHORIZES },
  });
  expect(paid.status).toBe(200);
  return Order.parse((paid.body as { order: unknown }).order);
}

const types = (harness: Harness): string[] => harness.service.events().map((event) => event.type);

/** Pays a subscription link of `interval` with the authorizing card: answers the waiting first order. */
async function subscribeAuthorized(harness: Harness, interval: 'weekly' | 'monthly'): Promise<Order> {
  const link = PaymentLink.parse(
    (
      await harness.request('POST', '/v2/payment-links', {
        body: paymentLinkRequest({ payment_type: 'subscription', subscription: { interval } }),
      })
    ).body,
  );
  const paid = await harness.service.payPaymentLink(link.id, {
    card_number: AUTHORIZES,
    customer: { email: 'sub@example.com', first_name: 'Sam', last_name: 'Ray' },
  });
  return Order.parse(paid.order);
}

describe.each(TRANSPORTS)('over %s', (transport) => {
  const harness = useHarness(transport);

  test('the authorizing card pays the session but leaves the order processing until it is captured', async () => {
    const id = await openSession(harness());
    const paid = await harness().request('POST', `/v2/test_helpers/checkout/${id}/pay`, {
      body: { hsa_card_number: AUTHORIZES },
    });
    const body = paid.body as { checkout: { status: string }; order: unknown; payment: unknown };
    expect(body.checkout.status).toBe('paid');
    expect(body.payment).toMatchObject({ outcome: 'authorized' });
    expect((body.payment as { cards: { outcome: string }[] }).cards.map((card) => card.outcome)).toContain(
      'authorized',
    );
    const order = Order.parse(body.order);
    expect(order).toMatchObject({ status: 'processing', payment_status: 'authorized', completed_at: null });
    expect(order.payment?.captured_at).toBeNull();
    expect(order.status_history.map((entry) => entry.status)).toEqual(['pending', 'processing']);
    expect(types(harness()).filter((type) => type.startsWith('order.'))).toEqual(['order.created']);
    expect(harness().service.events({ type: 'order.created' })[0]?.data).toEqual(order);

    harness().service.clock.advance('3d');
    const later = await harness().request('GET', `/v2/orders/${order.id}`);
    expect(later.body).toMatchObject({ status: 'processing', payment_status: 'authorized' });

    const captured = await harness().request('POST', `/v2/test_helpers/orders/${order.id}/capture`);
    expect(captured.status).toBe(200);
    const completed = Order.parse(captured.body);
    expect(completed).toMatchObject({ status: 'completed', payment_status: 'captured' });
    expect(completed.completed_at).toBe(harness().service.clock.now().toISOString());
    expect(completed.payment?.captured_at).toBe(completed.completed_at);
    expect(completed.status_history.map((entry) => entry.status)).toEqual([
      'pending',
      'processing',
      'completed',
    ]);
    expect(
      harness()
        .service.events({ type: 'order.completed' })
        .map((event) => event.data),
    ).toEqual([completed]);
    const again = await harness().request('POST', `/v2/test_helpers/orders/${order.id}/capture`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'conflict', param: 'payment_status' } });
  });

  test('failing an authorized order fails its payment with the reason and emits order.failed', async () => {
    const order = await authorizedOrder(harness());
    const failed = await harness().request('POST', `/v2/test_helpers/orders/${order.id}/fail`, {
      body: { reason: 'Issuer declined the capture' },
    });
    expect(failed.status).toBe(200);
    const body = Order.parse(failed.body);
    expect(body).toMatchObject({ status: 'failed', payment_status: 'failed', completed_at: null });
    expect(body.status_history.at(-1)).toMatchObject({
      status: 'failed',
      reason: 'Issuer declined the capture',
    });
    expect(
      harness()
        .service.events({ type: 'order.failed' })
        .map((event) => event.data),
    ).toEqual([body]);
    expect(types(harness())).not.toContain('order.completed');
    for (const action of ['capture', 'fail']) {
      const after = await harness().request('POST', `/v2/test_helpers/orders/${order.id}/${action}`);
      expect(after.status).toBe(409);
    }
  });

  test('an order that is not authorized cannot be captured or failed, and nothing changes', async () => {
    const id = await openSession(harness());
    const paid = await harness().service.payCheckout(id);
    const order = Order.parse(paid.order);
    const before = harness().service.events().length;
    for (const action of ['capture', 'fail']) {
      const answer = await harness().request('POST', `/v2/test_helpers/orders/${order.id}/${action}`);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: { code: 'conflict', param: 'payment_status' } });
      const missing = await harness().request('POST', `/v2/test_helpers/orders/ord_unknown/${action}`);
      expect(missing.status).toBe(404);
      const live = await harness().request('POST', `/v2/test_helpers/orders/${order.id}/${action}`, {
        key: 'live',
      });
      expect(live.status).toBe(403);
    }
    expect(harness().service.events()).toHaveLength(before);
    expect((await harness().request('GET', `/v2/orders/${order.id}`)).body).toEqual(order);
  });

  test('an uncaptured order cannot be refunded or disputed until it is captured', async () => {
    const order = await authorizedOrder(harness());
    const refund = await harness().request('POST', '/v2/refunds', {
      body: { order_id: order.id, reason: 'customer_request' },
    });
    expect(refund.status).toBe(409);
    const dispute = await harness().request('POST', `/v2/test_helpers/orders/${order.id}/dispute`);
    expect(dispute.status).toBe(409);
    await harness().service.captureOrder(order.id);
    const refunded = await harness().request('POST', '/v2/refunds', {
      body: { order_id: order.id, reason: 'customer_request' },
    });
    expect(refunded.status).toBe(201);
    expect(Refund.parse(refunded.body).amount_cents).toBe(order.amounts.total_cents);
  });
});

describe('in process', () => {
  const harness = useHarness('msw');

  test('the processing-error card declines, retryable, and leaves the session open', async () => {
    expect(findTestCard(PROCESSING_ERROR)).toMatchObject({ outcome: 'declined', retryable: true });
    const id = await openSession(harness());
    const paid = await harness().service.payCheckout(id, { hsa_card_number: PROCESSING_ERROR });
    expect(paid.payment).toMatchObject({
      outcome: 'declined',
      decline_code: 'processing_error',
      retryable: true,
    });
    expect(paid.payment.cards.every((card) => card.last4 === PROCESSING_ERROR.slice(-4))).toBe(true);
    expect(paid.checkout.status).toBe('open');
    expect(types(harness())).toContain('payment.failed');
    expect(types(harness())).not.toContain('checkout.failed');
  });

  test('every test card does on the pay helper what the exported table says', async () => {
    for (const card of TEST_CARDS) {
      const id = await openSession(harness(), ['sku-tissue']);
      const paid = await harness().service.payCheckout(id, { card_number: card.number });
      // A regular cart: a card that pays only the HSA/FSA part declines here.
      const declines = card.outcome === 'declined' || card.pays_only === 'hsa_fsa';
      const expected = declines ? 'declined' : card.outcome;
      expect(paid.payment.outcome, card.number).toBe(expected);
      if (declines) {
        expect(paid.payment).toMatchObject({ decline_code: card.decline_code, retryable: card.retryable });
      }
      expect(paid.order?.payment_status ?? null, card.number).toBe(
        declines
          ? null
          : card.outcome === 'authorized'
            ? 'authorized'
            : card.later === 'dispute'
              ? 'disputed'
              : 'captured',
      );
    }
  });

  test('a split payment with the authorizing card waits as a whole, and is captured as a whole', async () => {
    const id = await openSession(harness(), ['sku-ibuprofen', 'sku-tissue']);
    const paid = await harness().service.payCheckout(id, {
      hsa_card_number: AUTHORIZES,
      card_number: '4242424242424242',
    });
    const order = Order.parse(paid.order);
    expect(order).toMatchObject({ status: 'processing', payment_status: 'authorized' });
    expect(order.amounts.hsa_fsa_amount_cents + order.amounts.regular_amount_cents).toBe(
      order.amounts.total_cents,
    );
    const declined = await harness().service.payCheckout(
      await openSession(harness(), ['sku-ibuprofen', 'sku-tissue']),
      { hsa_card_number: AUTHORIZES, card_number: '4000000000000002' },
    );
    expect(declined.payment.outcome).toBe('declined');
    expect(declined.order).toBeNull();
    const captured = await harness().service.captureOrder(order.id);
    expect(captured.payment_status).toBe('captured');
  });

  test('a payment link paid with the authorizing card is paid at once, and stays paid when its order fails', async () => {
    const link = PaymentLink.parse(
      (await harness().request('POST', '/v2/payment-links', { body: paymentLinkRequest() })).body,
    );
    const paid = await harness().service.payPaymentLink(link.id, {
      card_number: AUTHORIZES,
      customer: { email: 'pat@example.com', first_name: 'Pat', last_name: 'Lee' },
    });
    expect(paid.payment_link.status).toBe('paid');
    expect(paid.order).toMatchObject({ payment_status: 'authorized', payment_link_id: link.id });
    expect(types(harness()).slice(-2)).toEqual(['payment_link.paid', 'order.created']);
    const failed = await harness().service.failOrder(paid.order?.id ?? '');
    expect(failed.status).toBe('failed');
    expect(failed.status_history.at(-1)?.reason).toBe('Payment failed');
    const after = await harness().request('GET', `/v2/payment-links/${link.id}`);
    expect(after.body).toMatchObject({ status: 'paid' });
  });

  test('a subscription signed up with the authorizing card succeeds its first payment only when captured', async () => {
    const order = await subscribeAuthorized(harness(), 'monthly');
    expect(order.subscription_id).not.toBeNull();
    expect(types(harness())).not.toContain('subscription.payment_succeeded');
    await harness().service.captureOrder(order.id);
    const events = types(harness());
    expect(events.slice(-2)).toEqual(['subscription.payment_succeeded', 'order.completed']);
    const succeeded = harness().service.events({ type: 'subscription.payment_succeeded' })[0];
    expect(succeeded?.data).toMatchObject({
      id: order.subscription_id,
      order_id: order.id,
      status: 'active',
    });
  });

  test('failing the first payment of a subscription cancels the subscription, reason payment_failed', async () => {
    const order = await subscribeAuthorized(harness(), 'weekly');
    await harness().service.failOrder(order.id, { reason: 'Capture refused' });
    expect(types(harness()).slice(-2)).toEqual(['order.failed', 'subscription.cancelled']);
    const subscription = Subscription.parse(
      await harness().service.getSubscription(order.subscription_id ?? ''),
    );
    expect(subscription.status).toBe('cancelled');
    expect(harness().service.events({ type: 'subscription.cancelled' })[0]?.data).toMatchObject({
      reason: 'payment_failed',
    });
    harness().service.clock.advance('30d');
    expect(types(harness()).filter((type) => type === 'order.created')).toHaveLength(1);
  });

  test('a subscription created for a saved authorizing card waits for the capture; its renewals are captured at once', async () => {
    const id = await openSession(harness());
    const first = Order.parse(
      (await harness().service.payCheckout(id, { hsa_card_number: AUTHORIZES })).order,
    );
    await harness().service.captureOrder(first.id);
    const customerId = first.customer.id ?? '';
    const created = await harness().service.createSubscription({
      customer_id: customerId,
      payment_method_id: first.payment?.payment_method_id ?? '',
      amount_cents: 2500,
      currency: 'USD',
      interval: 'daily',
    });
    const orders = (await harness().request('GET', `/v2/orders?subscription_id=${created.id}`)).body as {
      data: Order[];
    };
    expect(orders.data.map((order) => order.payment_status)).toEqual(['authorized']);
    await harness().service.captureOrder(orders.data[0]?.id ?? '');
    harness().service.clock.advance('1d');
    const renewed = (await harness().request('GET', `/v2/orders?subscription_id=${created.id}`)).body as {
      data: Order[];
    };
    expect(renewed.data.map((order) => order.payment_status)).toEqual(['captured', 'captured']);
  });

  test('the JavaScript helpers throw the endpoint refusals', async () => {
    await expect(harness().service.captureOrder('ord_missing')).rejects.toBeInstanceOf(MockServiceError);
    const order = await authorizedOrder(harness());
    await expect(harness().service.failOrder(order.id, { reason: '' })).rejects.toMatchObject({
      status: 422,
    });
    expect((await harness().service.failOrder(order.id)).status).toBe('failed');
  });
});
