import { createMockService } from '@glm/mock-server';
import { Glm } from '@glm/sdk';
import { expect, test } from 'vitest';

/** A service of its own for one test, and a client that reaches it in-process (no port, no msw). */
function sandbox() {
  const mock = createMockService({
    now: '2026-01-01T00:00:00Z',
    seed: {
      products: [
        { name: 'Digital Thermometer', price: 1299, currency: 'USD', merchant_product_id: 'thermo-1' },
      ],
    },
  });
  const glm = new Glm({
    apiKey: mock.keys.test,
    baseUrl: 'http://glm.test',
    fetch: (input, init) => mock.handle(new Request(input, init)),
    logLevel: 'off',
  });
  return { mock, glm };
}

const cart = {
  reference_id: 'cart-1',
  customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  line_items: [
    { product_id: 'thermo-1', name: 'Digital Thermometer', price: 1299, quantity: 1, currency: 'USD' },
  ],
  shipping_info: {
    address_line_1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    country: 'US',
  },
  success_url: 'https://shop.example.com/thanks',
  failure_url: 'https://shop.example.com/cart',
};

test.concurrent('a paid checkout becomes an order', async () => {
  const { mock, glm } = sandbox();
  const session = await glm.checkout.create(cart);
  await glm.testHelpers.checkout.pay(session.checkout_id);
  expect(mock.events({ type: 'order.completed' })).toHaveLength(1);
});

test.concurrent('a session left open a day expires, on this test’s clock only', async () => {
  const { mock, glm } = sandbox();
  const session = await glm.checkout.create(cart);
  mock.clock.advance('25h');
  expect((await glm.checkout.get(session.checkout_id)).status).toBe('expired');
});

test.concurrent('a catalog of its own: what another test adds is not here', async () => {
  const { glm } = sandbox();
  await glm.products.create({
    name: 'Coffee Mug',
    price: 1500,
    currency: 'USD',
    merchant_product_id: 'mug-1',
  });
  expect((await glm.products.list()).data).toHaveLength(2);
  expect((await glm.testHelpers.clock.get()).now).toBe('2026-01-01T00:00:00.000Z');
});
