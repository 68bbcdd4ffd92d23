const { afterAll, afterEach, beforeAll, expect, test } = require('@jest/globals');
const { createMockService } = require('@glm/mock-server');
const { mockHandlers } = require('@glm/mock-server/msw');
const { ConflictError, Glm } = require('@glm/sdk');
const { createTestEvent, signTestWebhook } = require('@glm/sdk/testing');
const { setupServer } = require('msw/node');
const { createShop } = require('../src/shop.cjs');

// The reference server in-process: msw answers every request under baseUrl, unhandled requests fail.
const baseUrl = 'https://api.glm.test';
const thermometer = { sku: 'thermo-1', name: 'Digital Thermometer', priceCents: 1299 };
const mock = createMockService({
  seed: {
    products: [
      {
        name: thermometer.name,
        price: thermometer.priceCents,
        currency: 'USD',
        merchant_product_id: thermometer.sku,
      },
    ],
  },
});
const server = setupServer(...mockHandlers(mock, { baseUrl }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => server.close());

// No retries: the mock never fails transiently, and a refused call should fail the test at once.
const glm = new Glm({ apiKey: mock.keys.test, baseUrl, maxRetries: 0, logLevel: 'off' });

/** @param {string} id */
const cartOf = (id) => ({
  id,
  customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  lines: [{ ...thermometer, quantity: 2 }],
});

// The mock delivers webhooks to the shop's route handler in-process; signatures carry the mock's
// virtual time, so the shop checks them against the same clock.
/** @param {{ duplicate?: number }} [options] */
async function shopWithWebhooks(options = {}) {
  /** @type {ReturnType<typeof createShop> | undefined} */
  let shop;
  const endpoint = await mock.registerWebhookEndpoint({
    url: 'https://shop.example.com/webhooks/glm',
    handler: (request) => (shop ? shop.webhook(request) : new Response(null, { status: 503 })),
    events: ['order.completed', 'checkout.expired'],
    ...options,
  });
  shop = createShop({ glm, webhookSecret: endpoint.secret });
  return shop;
}

test('a cart of eligible products opens an eligible checkout for the whole amount', async () => {
  const shop = createShop({ glm, webhookSecret: mock.webhookSecret() });

  const session = await shop.checkout(cartOf('cart-1'));

  expect(session).toMatchObject({ status: 'open', type: 'eligible', reference_id: 'cart-1' });
  expect(session.amounts).toMatchObject({ subtotal: 2598, hsa_amount: 2598, total: 2598 });
});

test('a paid checkout marks the cart paid and emails one receipt, though every event arrives twice', async () => {
  const shop = await shopWithWebhooks({ duplicate: 2 });
  const session = await shop.checkout(cartOf('cart-2'));

  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
  await mock.flushWebhooks();

  expect(mock.deliveries({ status: 'delivered' })).toHaveLength(2);
  expect(shop.status('cart-2')).toBe('paid');
  expect(shop.receipts()).toEqual([`ada@example.com: order ${order?.order_number}`]);
});

test('a delivery signed with another secret is refused with 400 and changes nothing', async () => {
  const shop = createShop({ glm, webhookSecret: 'whsec_the_shop_secret' });
  await shop.checkout(cartOf('cart-3'));
  const event = createTestEvent('order.completed', { data: { reference_id: 'cart-3' } });
  const { body, headers } = await signTestWebhook(event, 'whsec_someone_else');

  const response = await shop.webhook(
    new Request('https://shop.example.com/webhooks/glm', { method: 'POST', body, headers }),
  );

  expect(response.status).toBe(400);
  expect(shop.status('cart-3')).toBe('awaiting_payment');
});

test('an unpaid checkout expires after 24 hours of virtual time and the cart is released', async () => {
  const shop = await shopWithWebhooks();
  const session = await shop.checkout(cartOf('cart-4'));

  mock.clock.advance('24h');
  await mock.flushWebhooks();

  expect(shop.status('cart-4')).toBe('expired');
  expect((await glm.checkout.get(session.checkout_id)).status).toBe('expired');
  await expect(glm.testHelpers.checkout.pay(session.checkout_id)).rejects.toBeInstanceOf(ConflictError);
});
