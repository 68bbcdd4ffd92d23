// The shop's flows against tomorrow's API: `glm-mock serve --future <mode>` answers as a later version
// would (new members, new status values, new event types), and the shop's code must keep working. Every
// wait is bounded: a status or event type the shop does not know must end a wait, never hang it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isKnownEventType } from '@glm/sdk/webhooks';
import {
  nextStep,
  ordersOf,
  settledOrder,
  startCheckout,
  stopRenewing,
  subscribeReturningCustomer,
} from '../src/shop.js';
import { createShopEvents } from '../src/shop-events.js';
import { startWebhookReceiver } from '../src/webhook-receiver.js';
import { keepCoverage } from './support/coverage.js';
import { startGlmMock } from './support/glm-mock.js';

const shopper = { email: 'mary@example.com', firstName: 'Mary', lastName: 'Jackson' };
const plan = { id: 'vitamins-monthly', amountCents: 2500, interval: 'monthly' } as const;

for (const mode of ['fields', 'enums', 'events'] as const) {
  test(`--future ${mode}: a paid checkout is shipped once, refunded, and its customer subscribes; every event acknowledged`, async () => {
    const mock = await startGlmMock(['--future', mode]);
    const shop = createShopEvents();
    const receiver = await startWebhookReceiver((event) => shop.handle(event));
    try {
      const glm = mock.client({ logLevel: 'off' });
      const endpoint = await glm.testHelpers.webhookEndpoints.create({ url: receiver.url, events: ['*'] });
      receiver.useSecret(endpoint.secret);

      const session = await startCheckout(glm, `cart-future-${mode}`, shopper, [
        { sku: 'thermo-1', name: 'Thermometer', priceCents: 1299, quantity: 1 },
      ]);
      const { order: paid } = await glm.testHelpers.checkout.pay(session.checkout_id);
      assert.ok(paid, 'the 4242 card pays');

      // The thank-you page's poll ends within its bound, whatever status the order reads as.
      const settled = await settledOrder(glm, paid.id, { reads: 3, intervalMs: 20 });
      if (mode === 'enums') {
        assert.equal(settled.order.status as string, 'future_status', 'a status this SDK does not list');
        assert.deepEqual(
          [settled.step, settled.reads],
          ['wait', 3],
          'not final yet: the poll gave up, no crash',
        );
      } else {
        assert.equal(settled.step, 'ship');
      }
      if (mode === 'fields')
        assert.ok('future_note' in settled.order, 'the order carries a member the SDK does not name');

      // Shipping is the webhook's job: order.completed arrives (its data unchanged under enums) and ships once.
      await glm.testHelpers.webhookDeliveries.flush();
      await receiver.waitFor(({ event }) => event.type === 'order.completed' && event.data.id === paid.id);
      assert.deepEqual([...shop.shipped], [paid.id]);

      const refund = await glm.refunds.create({
        order_id: paid.id,
        amount_cents: 500,
        reason: 'damaged_product',
      });
      await glm.testHelpers.clock.advance({ seconds: 120 });
      await glm.testHelpers.webhookDeliveries.flush();
      await receiver.waitFor(({ event }) => event.type === 'refund.succeeded' && event.data.id === refund.id);
      assert.deepEqual([...shop.refunded], [refund.id]);

      // The returning customer's subscription reads the order (customer and card) and lists its orders.
      const { subscription } = await subscribeReturningCustomer(glm, paid.id, plan);
      const stopping = await stopRenewing(glm, subscription.id, 'Customer moved abroad');
      assert.equal(stopping.cancel_at_period_end, true);
      const orders = await ordersOf(glm, subscription.id);
      assert.equal(orders.length, 1, 'the first period, charged once');
      assert.equal(nextStep(orders[0] ?? paid), mode === 'enums' ? 'wait' : 'ship');

      await glm.testHelpers.webhookDeliveries.flush();
      const future = [...shop.acknowledged.keys()].filter((type) => !isKnownEventType(type));
      if (mode === 'events') {
        assert.ok(future.length > 0, 'event types this SDK does not know arrived, and were acknowledged');
        await receiver.waitFor(({ event }) => !isKnownEventType(event.type));
      } else {
        assert.deepEqual(future, []);
      }
      assert.deepEqual(receiver.refused, [], 'no delivery refused: the service retries none');
    } finally {
      await receiver.close();
      try {
        await keepCoverage(mock, `future-${mode}`);
      } finally {
        await mock.stop();
      }
    }
  });
}
