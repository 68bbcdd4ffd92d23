// What goes wrong with a payment, as the shop meets it against `glm-mock serve`: a declined card, a card
// that only authorizes (captured later, or failed), a refund the service refuses with 409, a refund that
// fails, and a 429 the SDK waits out. The shop's receiver gets every event (`events: ["*"]`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Glm } from '@glm/sdk';
import { nextStep, refundReturn, refundsOf, startCheckout } from '../src/shop.js';
import { createShopEvents, type ShopEvents } from '../src/shop-events.js';
import { startWebhookReceiver, type WebhookReceiver } from '../src/webhook-receiver.js';
import { keepCoverage } from './support/coverage.js';
import { type MockProcess, startGlmMock } from './support/glm-mock.js';

const shopper = { email: 'dorothy@example.com', firstName: 'Dorothy', lastName: 'Vaughan' };
const cart = [{ sku: 'thermo-1', name: 'Thermometer', priceCents: 1299, quantity: 2 }];

let mock: MockProcess;
let glm: Glm;
let receiver: WebhookReceiver;
let shop: ShopEvents;

before(async () => {
  mock = await startGlmMock();
  glm = mock.client({ logLevel: 'off' });
  shop = createShopEvents();
  receiver = await startWebhookReceiver((event) => shop.handle(event));
  const endpoint = await glm.testHelpers.webhookEndpoints.create({ url: receiver.url, events: ['*'] });
  receiver.useSecret(endpoint.secret);
});

after(async () => {
  await receiver?.close();
  try {
    if (mock !== undefined) await keepCoverage(mock, 'payments');
  } finally {
    await mock?.stop();
  }
});

/** Flushes the deliveries and waits (bounded) for the event of `type` about `id`. */
async function delivered(type: string, id: string): Promise<void> {
  await glm.testHelpers.webhookDeliveries.flush();
  await receiver.waitFor(({ event }) => event.type === type && (event.data as { id?: unknown }).id === id);
}

test('a declined card leaves the checkout open and ships nothing; another card pays and ships once', async () => {
  const session = await startCheckout(glm, 'cart-declined-1', shopper, cart);
  const declined = await glm.testHelpers.checkout.pay(session.checkout_id, {
    card_number: '4000000000000002',
  });
  assert.equal(declined.payment.outcome, 'declined');
  assert.equal(declined.order, null);
  assert.equal(
    (await glm.checkout.get(session.checkout_id)).status,
    'open',
    'the shopper may try another card',
  );
  await glm.testHelpers.webhookDeliveries.flush();
  await receiver.waitFor(({ event }) => event.type === 'payment.failed');
  assert.equal(shop.shipped.size, 0);

  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
  assert.ok(order, 'the 4242 card pays the same checkout');
  await delivered('order.completed', order.id);
  assert.deepEqual([...shop.shipped], [order.id]);
});

test('an authorize-only card ships on capture; refunding before capture is a 409 the shop shows; a failed one is released', async () => {
  const first = await startCheckout(glm, 'cart-authorized-1', shopper, cart);
  const { order } = await glm.testHelpers.checkout.pay(first.checkout_id, {
    card_number: '4000000000000200',
  });
  assert.ok(order);
  assert.equal(order.payment_status, 'authorized');
  assert.equal(nextStep(order), 'wait', 'not shipped while only authorized');

  const early = await refundReturn(glm, 'return-early-1', order.id, 500);
  assert.ok('refused' in early, 'a refund of an authorized payment is refused');
  assert.match(early.refused, /409 conflict: An order whose payment is authorized cannot be refunded/);

  await glm.testHelpers.orders.capture(order.id);
  await delivered('order.completed', order.id);
  assert.ok(shop.shipped.has(order.id), 'shipped once captured');

  const second = await startCheckout(glm, 'cart-authorized-2', shopper, cart);
  const held = await glm.testHelpers.checkout.pay(second.checkout_id, { card_number: '4000000000000200' });
  assert.ok(held.order);
  await glm.testHelpers.orders.fail(held.order.id, { reason: 'authorization expired' });
  await delivered('order.failed', held.order.id);
  assert.ok(shop.released.has(held.order.id), 'its stock released');
  assert.ok(!shop.shipped.has(held.order.id), 'never shipped');
});

test('a 429 on refund creation is waited out and retried by the SDK: one refund, which succeeds', async () => {
  const session = await startCheckout(glm, 'cart-refund-429', shopper, cart);
  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
  assert.ok(order);
  await glm.testHelpers.faults.create({
    match: { operation: 'createRefund' },
    fault: { status: 429 },
    times: 1,
  });

  const made = await refundReturn(glm, 'return-429-1', order.id, 700);
  assert.ok('refund' in made, 'the retry after the 429 made the refund');
  const calls = (await glm.testHelpers.requests.list({ operation: 'createRefund' })).data;
  assert.deepEqual(
    calls.slice(0, 2).map((entry) => entry.status),
    [201, 429],
    'the 429, then the retry that succeeded (newest first)',
  );
  await glm.testHelpers.clock.advance({ seconds: 120 });
  await delivered('refund.succeeded', made.refund.id);
  assert.ok(shop.refunded.has(made.refund.id));
  assert.equal((await glm.refunds.get(made.refund.id)).status, 'succeeded');
  assert.deepEqual(
    (await refundsOf(glm, order.id)).map((refund) => refund.id),
    [made.refund.id],
    'one refund, though two requests were sent',
  );
});

test('a refund that fails is recorded as failed, and what is left of the order can still be refunded', async () => {
  const session = await startCheckout(glm, 'cart-refund-failed', shopper, cart);
  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
  assert.ok(order);
  const made = await refundReturn(glm, 'return-failed-1', order.id, 1299);
  assert.ok('refund' in made);
  await glm.testHelpers.refunds.fail(made.refund.id);
  await delivered('refund.failed', made.refund.id);
  assert.ok(shop.refundsFailed.has(made.refund.id));
  assert.ok(!shop.refunded.has(made.refund.id));

  const again = await refundReturn(glm, 'return-failed-2', order.id, 1299);
  assert.ok('refund' in again, 'the failed refund gave the money back to refund');
  assert.deepEqual(
    (await refundsOf(glm, order.id)).map((refund) => [refund.id, refund.status]),
    [
      [again.refund.id, 'pending'],
      [made.refund.id, 'failed'],
    ],
  );
});
