import { EventType } from '@glm/domain';
import { afterEach, expect, test } from 'vitest';
import type { MockService } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct } from '../support/fixtures.ts';
import { type Receiver, startReceiver, verifyIndependently } from '../support/webhook-receiver.ts';

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

type Json = Record<string, unknown>;

function api(mock: MockService) {
  return async (method: string, path: string, body?: Json): Promise<Json> => {
    const init: RequestInit = { method, headers: { authorization: `Bearer ${mock.keys.test}` } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    const response = await mock.handle(new Request(`http://127.0.0.1${path}`, init));
    const json = (await response.json()) as Json;
    if (response.status >= 400)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return (json['data'] ?? json) as Json;
  };
}

/**
 * Every event type of interface 6.2 plus D9's product.updated and the declined renewal's subscription
 * events, less those other tests cover (product.created, the subscription's success, trial and update
 * events) and `order.failed`, which no flow of the mock emits: a declined renewal creates no order.
 */
const EXPECTED_TYPES = EventType.options.filter(
  (type) =>
    ![
      'product.created',
      'order.failed',
      'subscription.payment_succeeded',
      'subscription.trial_ending',
      'subscription.updated',
    ].includes(type),
);

test('a node:http receiver gets every event type from real flows, each with a Bearer secret and signature that verify independently', async () => {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const mock = createMockService({ now: '2025-03-01T12:00:00.000Z', rateLimit: false });
  const call = api(mock);
  const endpoint = await mock.registerWebhookEndpoint({ url: `${receiver.url}/all`, events: ['*'] });

  const product = await call('POST', '/api/v2/products', eligibleProduct());
  await call('PUT', `/api/v2/products/${String(product['id'])}`, { price: 1599 });
  const webhookUrl = `${receiver.url}/checkout-hook`;
  const paid = await call(
    'POST',
    '/api/v2/checkout',
    checkoutRequest(['sku-ibuprofen'], { metadata: { webhook_url: webhookUrl } }),
  );
  const { order } = await mock.payCheckout(String(paid['checkout_id']));
  const declined = await call('POST', '/api/v2/checkout', checkoutRequest(['sku-ibuprofen']));
  await mock.payCheckout(String(declined['checkout_id']), { hsa_card_number: '4000000000000069' });
  await call('POST', '/api/v2/checkout', checkoutRequest(['sku-ibuprofen']));
  const refund = await call('POST', '/api/v2/refunds', {
    order_id: order?.id,
    amount_cents: 100,
    reason: 'customer_request',
  });
  await mock.succeedRefund(String(refund['id']));
  const refused = await call('POST', '/api/v2/refunds', {
    order_id: order?.id,
    amount_cents: 100,
    reason: 'other',
  });
  await mock.failRefund(String(refused['id']));
  const link = await call('POST', '/v2/payment-links', {
    amount_cents: 5000,
    currency: 'USD',
    description: 'Eye exam',
    success_url: 'https://shop.example.com/ok',
  });
  const linkPaid = await mock.payPaymentLink(String(link['id']));
  // D27's 4000000000000341 pays the signup; every renewal declines: subscription.payment_failed, then
  // after the fourth decline subscription.cancelled.
  const renewing = await call('POST', '/v2/payment-links', {
    amount_cents: 1500,
    currency: 'USD',
    description: 'Daily vitamins',
    success_url: 'https://shop.example.com/ok',
    payment_type: 'subscription',
    subscription: { interval: 'daily' },
  });
  await mock.payPaymentLink(String(renewing['id']), { card_number: '4000000000000341' });
  const dispute = await mock.openDispute(String(linkPaid.order?.id));
  await mock.closeDispute(dispute.id, 'won');
  const cancelled = await call('POST', '/v2/payment-links', {
    amount_cents: 700,
    currency: 'USD',
    description: 'Cancelled',
    success_url: 'https://shop.example.com/ok',
  });
  await call('POST', `/v2/payment-links/${String(cancelled['id'])}/cancel`, { reason: 'duplicate' });
  await call('POST', '/v2/payment-links', {
    amount_cents: 900,
    currency: 'USD',
    description: 'Expires',
    success_url: 'https://shop.example.com/ok',
  });
  mock.clock.advance('16d');
  await mock.flushWebhooks();

  const all = receiver.received.filter((request) => request.path === '/all');
  const types = new Set(all.map((request) => (JSON.parse(request.body) as { type: string }).type));
  for (const type of EXPECTED_TYPES) expect(types, type).toContain(type);
  expect(all).toHaveLength(mock.events({ mode: 'test' }).length);
  for (const request of all) {
    const event = JSON.parse(request.body) as { id: string; created_at: string };
    const verified = verifyIndependently(request, endpoint.secret);
    expect(verified).toMatchObject({ bearer: true, signature: true });
    // Signed with the sender's wall clock at the moment of sending, not the virtual clock of created_at.
    expect(Math.abs((verified.t ?? 0) - Date.now() / 1000)).toBeLessThan(60);
    expect(Math.abs(Date.parse(event.created_at) - Date.now())).toBeGreaterThan(86_400_000);
    expect(request.headers['x-webhook-id']).toBe(event.id);
    expect(request.headers['x-webhook-attempt']).toBe('1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^glm-mock\/\d+\.\d+\.\d+/);
    expect(verifyIndependently(request, mock.webhookSecret()).bearer).toBe(false);
  }
  expect(mock.deliveries({ endpointId: endpoint.id, status: 'delivered' })).toHaveLength(all.length);

  // The checkout's metadata.webhook_url gets that checkout's events (and its order's refunds), signed with the default secret.
  const hooked = receiver.received.filter((request) => request.path === '/checkout-hook');
  const hookedTypes = hooked.map((request) => (JSON.parse(request.body) as { type: string }).type);
  expect(hookedTypes).toEqual(
    expect.arrayContaining(['order.created', 'order.completed', 'refund.created', 'refund.succeeded']),
  );
  expect(hookedTypes).not.toContain('payment_link.created');
  for (const request of hooked)
    expect(verifyIndependently(request, mock.webhookSecret())).toMatchObject({
      bearer: true,
      signature: true,
    });
  expect(mock.deliveries({ endpointId: null }).every((delivery) => delivery.url === webhookUrl)).toBe(true);
});
