import { createTestEvent, signTestWebhook, TEST_CARDS } from '@glm/sdk/testing';
import { expect, test } from 'vitest';
import { createShop } from '../src/shop.ts';
import { cartOf, useMockService } from './use-mock-service.ts';

const { mock, glm } = useMockService(import.meta.url);

const post = (body: string, headers: Readonly<Record<string, string>>) =>
  new Request('https://shop.example.com/webhooks/glm', { method: 'POST', body, headers });

test('a paid checkout marks the cart paid and emails one receipt, though every event arrives twice', async () => {
  // The in-process transport: the mock calls the shop's route handler with each delivery's Request.
  const endpoint = await mock.registerWebhookEndpoint({
    url: 'https://shop.example.com/webhooks/glm',
    handler: (request) => shop.webhook(request),
    events: ['order.completed'],
    duplicate: 2,
  });
  const shop = createShop({ glm, webhookSecret: endpoint.secret });
  const session = await shop.checkout(cartOf('cart-1'));

  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
  await mock.flushWebhooks();

  expect(mock.deliveries({ status: 'delivered' })).toHaveLength(2);
  expect(shop.status('cart-1')).toBe('paid');
  expect(shop.receipts()).toEqual([`ada@example.com: order ${order?.order_number}`]);
});

test('a delivery signed with another secret is refused with 400 and changes nothing', async () => {
  const shop = createShop({ glm, webhookSecret: 'whsec_the_shop_secret' });
  await shop.checkout(cartOf('cart-2'));
  const event = createTestEvent('order.completed', { data: { reference_id: 'cart-2' } });
  const forged = await signTestWebhook(event, 'whsec_someone_else');

  const response = await shop.webhook(post(forged.body, forged.headers));

  expect(response.status).toBe(400);
  expect(shop.status('cart-2')).toBe('awaiting_payment');
});

test('a signed event for a cart the shop never saw is acknowledged and ignored', async () => {
  const shop = createShop({ glm, webhookSecret: 'whsec_the_shop_secret' });
  const event = createTestEvent('order.completed', { data: { reference_id: 'cart-from-elsewhere' } });
  const signed = await signTestWebhook(event, 'whsec_the_shop_secret');

  const response = await shop.webhook(post(signed.body, signed.headers));

  expect(response.status).toBe(200);
  expect(shop.status('cart-from-elsewhere')).toBeUndefined();
  expect(shop.receipts()).toEqual([]);
});

test('a delivery signed ten minutes ago is refused as a replay', async () => {
  const shop = createShop({ glm, webhookSecret: 'whsec_the_shop_secret' });
  await shop.checkout(cartOf('cart-3'));
  const event = createTestEvent('order.completed', { data: { reference_id: 'cart-3' } });
  const stale = await signTestWebhook(event, 'whsec_the_shop_secret', {
    timestamp: Math.floor(Date.now() / 1000) - 600,
  });

  const response = await shop.webhook(post(stale.body, stale.headers));

  expect(response.status).toBe(400);
  expect(shop.status('cart-3')).toBe('awaiting_payment');
});

test('an order created with its payment only authorized waits: no receipt until it is captured, and a failed one is marked', async () => {
  const endpoint = await mock.registerWebhookEndpoint({
    handler: (request) => shop.webhook(request),
    events: ['order.created', 'order.completed', 'order.failed'],
  });
  const shop = createShop({ glm, webhookSecret: endpoint.secret });
  // The test card that authorizes without capturing, named by what it does rather than copied.
  const authorizes = TEST_CARDS.find((card) => card.outcome === 'authorized')?.number;
  const orders: string[] = [];
  for (const cartId of ['cart-capture', 'cart-fail']) {
    const session = await shop.checkout(cartOf(cartId));
    const { order } = await glm.testHelpers.checkout.pay(session.checkout_id, {
      card_number: authorizes,
      hsa_card_number: authorizes,
    });
    orders.push(order?.id ?? '');
  }
  await mock.flushWebhooks();
  expect(shop.status('cart-capture')).toBe('awaiting_capture');
  expect(shop.receipts()).toEqual([]);

  const [toCapture = '', toFail = ''] = orders;
  const captured = await glm.testHelpers.orders.capture(toCapture);
  await glm.testHelpers.orders.fail(toFail, { reason: 'Issuer refused the capture' });
  await mock.flushWebhooks();
  expect(shop.status('cart-capture')).toBe('paid');
  expect(shop.receipts()).toEqual([`ada@example.com: order ${captured.order_number}`]);
  expect(shop.status('cart-fail')).toBe('payment_failed');
});
