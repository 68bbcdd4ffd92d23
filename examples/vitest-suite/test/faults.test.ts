import { InternalServerError } from '@glm/sdk';
import { expect, test } from 'vitest';
import { createShop } from '../src/shop.ts';
import { cartOf, useMockService } from './use-mock-service.ts';

const { mock, glm } = useMockService(import.meta.url);

// What goes wrong: the mock fails on demand, the way the real service does, and the shop's client
// (with its retries) has to cope. Each test's faults go away with the reset after it.

test('a 503 on checkout creation is retried, and the shopper still gets a checkout', async () => {
  const shop = createShop({ glm, webhookSecret: mock.webhookSecret() });
  mock.faults.add({ match: { method: 'POST', path: '/v2/checkout' }, fault: { status: 503 } });

  const session = await shop.checkout(cartOf('cart-503'));

  expect(session.status).toBe('open');
  expect(mock.requests({ operation: 'createCheckoutSession' }).map((entry) => entry.status)).toEqual([
    503, 201,
  ]);
});

test('a 429 on checkout creation is waited out as the service asks, then retried with the same key', async () => {
  const shop = createShop({ glm, webhookSecret: mock.webhookSecret() });
  mock.faults.add({ match: { operation: 'createCheckoutSession' }, fault: { status: 429 } });

  const session = await shop.checkout(cartOf('cart-429'));

  expect(session.status).toBe('open');
  const [limited, retry] = mock.requests({ operation: 'createCheckoutSession' });
  expect(limited).toMatchObject({ status: 429 });
  expect(retry).toMatchObject({ status: 201, replayed: false, idempotency_key: limited?.idempotency_key });
});

test('a checkout created but whose answer was lost is not created twice: the retry replays it', async () => {
  const shop = createShop({ glm, webhookSecret: mock.webhookSecret() });
  mock.faults.add({
    match: { operation: 'createCheckoutSession' },
    fault: { network: 'reset', when: 'after' },
  });

  const session = await shop.checkout(cartOf('cart-lost'));

  const [lost, retry] = mock.requests({ operation: 'createCheckoutSession' });
  expect(lost).toMatchObject({ status: 0, replayed: false });
  expect(retry).toMatchObject({ status: 201, replayed: true, idempotency_key: lost?.idempotency_key });
  expect((await glm.checkout.get(session.checkout_id)).reference_id).toBe('cart-lost');
});

test('when the service keeps failing, the shop sees the error once the retries are spent', async () => {
  const shop = createShop({ glm: glm.withOptions({ maxRetries: 1 }), webhookSecret: mock.webhookSecret() });
  mock.faults.add({ match: { operation: 'createCheckoutSession' }, fault: { status: 500 }, times: null });

  await expect(shop.checkout(cartOf('cart-down'))).rejects.toBeInstanceOf(InternalServerError);

  expect(mock.requests({ operation: 'createCheckoutSession' })).toHaveLength(2);
  expect(shop.status('cart-down')).toBeUndefined();
});
