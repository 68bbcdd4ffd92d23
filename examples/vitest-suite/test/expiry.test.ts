import { ConflictError } from '@glm/sdk';
import { expect, test } from 'vitest';
import { createShop } from '../src/shop.ts';
import { cartOf, useMockService } from './use-mock-service.ts';

const { mock, glm } = useMockService(import.meta.url);

// Time travel: the mock's clock stands still until a test moves it, and everything due by then
// (here the 24-hour checkout expiry) happens at once, in order. No fake timers, no waiting.
async function shopWithWebhooks() {
  const endpoint = await mock.registerWebhookEndpoint({
    url: 'https://shop.example.com/webhooks/glm',
    handler: (request) => shop.webhook(request),
    events: ['order.completed', 'checkout.expired'],
  });
  // Signatures carry the mock's time: the shop must check them against the same clock.
  const shop = createShop({ glm, webhookSecret: endpoint.secret });
  return shop;
}

test('an unpaid checkout expires after 24 hours and the cart is released', async () => {
  const shop = await shopWithWebhooks();
  const session = await shop.checkout(cartOf('cart-1'));

  mock.clock.advance('24h');
  await mock.flushWebhooks();

  expect(shop.status('cart-1')).toBe('expired');
  expect((await glm.checkout.get(session.checkout_id)).status).toBe('expired');
  await expect(glm.testHelpers.checkout.pay(session.checkout_id)).rejects.toBeInstanceOf(ConflictError);
});

test('a checkout is still payable a minute before it expires', async () => {
  const shop = await shopWithWebhooks();
  const session = await shop.checkout(cartOf('cart-2'));

  mock.clock.advance(24 * 60 * 60 * 1000 - 60_000);
  await glm.testHelpers.checkout.pay(session.checkout_id);
  await mock.flushWebhooks();

  expect(shop.status('cart-2')).toBe('paid');
  mock.clock.advance('1h');
  await mock.flushWebhooks();
  expect(shop.status('cart-2')).toBe('paid');
});
