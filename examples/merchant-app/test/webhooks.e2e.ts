// The app's webhook receiver, in this process, verifies with its own real clock
// every delivery `glm-mock serve` (another process) sends after its clock moved days ahead, and a
// resent delivery arrives again under the same `x-webhook-id`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Glm } from '@glm/sdk';
import { isKnownEvent } from '@glm/sdk/webhooks';
import { startCheckout, subscriptionLinkRequest } from '../src/shop.js';
import { startWebhookReceiver, type WebhookReceiver } from '../src/webhook-receiver.js';
import { keepCoverage } from './support/coverage.js';
import { type MockProcess, startGlmMock } from './support/glm-mock.js';

const DAY_SECONDS = 24 * 60 * 60;
const shopper = { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' };

let mock: MockProcess;
let glm: Glm;
let receiver: WebhookReceiver;
let endpointId: string;

before(async () => {
  mock = await startGlmMock();
  glm = mock.client();
  receiver = await startWebhookReceiver();
  const endpoint = await glm.testHelpers.webhookEndpoints.create({
    url: receiver.url,
    events: ['*'],
    description: 'merchant app e2e',
  });
  receiver.useSecret(endpoint.secret);
  endpointId = endpoint.id;
});

after(async () => {
  await receiver?.close();
  try {
    if (mock !== undefined) await keepCoverage(mock, 'webhooks');
  } finally {
    await mock?.stop();
  }
});

test('deliveries sent after the clock moved 35 days ahead verify with the default options, none refused', async () => {
  // A subscription box, paid by the shopper: renews monthly.
  const link = await glm.paymentLinks.create(subscriptionLinkRequest('Vitamins box', 2500));
  const signup = await glm.testHelpers.paymentLinks.pay(link.id);
  const subscriptionId = signup.order?.subscription_id;
  assert.ok(subscriptionId, 'the paid subscription link recorded a subscription on its order');

  // A one-time order, refunded after a few days and then disputed after the renewal.
  const session = await startCheckout(glm, 'cart-webhooks-1', shopper, [
    { sku: 'thermo-1', name: 'Thermometer', priceCents: 1299, quantity: 1 },
  ]);
  const paid = await glm.testHelpers.checkout.pay(session.checkout_id);
  assert.ok(paid.order, 'the 4242 card pays');
  const orderId = paid.order.id;

  await glm.testHelpers.clock.advance({ seconds: 3 * DAY_SECONDS });
  const refund = await glm.refunds.create({
    order_id: orderId,
    amount_cents: 500,
    reason: 'damaged_product',
  });
  await glm.testHelpers.clock.advance({ seconds: 32 * DAY_SECONDS }); // settles the refund, renews the box
  const dispute = await glm.testHelpers.orders.dispute(orderId, { reason: 'fraudulent' });
  await glm.testHelpers.webhookDeliveries.flush();

  const renewal = await receiver.waitFor(
    ({ event }) =>
      isKnownEvent(event) &&
      event.type === 'subscription.payment_succeeded' &&
      event.data.id === subscriptionId &&
      Date.parse(event.created_at) - Date.now() > 20 * DAY_SECONDS * 1000,
  );
  const refunded = await receiver.waitFor(
    ({ event }) => isKnownEvent(event) && event.type === 'refund.succeeded' && event.data.id === refund.id,
  );
  const disputed = await receiver.waitFor(
    ({ event }) => isKnownEvent(event) && event.type === 'dispute.created' && event.data.id === dispute.id,
  );

  // The events are dated on the mock's clock, days ahead; the signatures on the sender's wall clock.
  for (const delivery of [renewal, refunded, disputed]) {
    const { type, created_at } = delivery.event;
    assert.ok(delivery.signedAt !== undefined, `${type} is signed`);
    assert.ok(
      Math.abs(delivery.signedAt - delivery.receivedAt / 1000) < 60,
      `${type} is signed with the wall clock (t=${delivery.signedAt})`,
    );
    const aheadDays = (Date.parse(created_at) - delivery.receivedAt) / (DAY_SECONDS * 1000);
    assert.ok(aheadDays > 2, `${type} happened ${aheadDays.toFixed(1)} days ahead of the wall clock`);
  }
  assert.deepEqual(receiver.refused, [], 'the receiver refused no delivery');

  // Every delivery to the endpoint succeeded on its first attempt, as the mock recorded it.
  const deliveries = await glm.testHelpers.webhookDeliveries
    .list({ endpoint_id: endpointId })
    .toArray({ limit: 1000 });
  assert.ok(deliveries.length >= 10, `the flow caused many deliveries (${deliveries.length})`);
  const notDelivered = deliveries.filter((d) => d.status !== 'delivered' || d.attempts.length !== 1);
  assert.deepEqual(
    notDelivered.map((d) => `${d.event_type}: ${d.status} after ${d.attempts.length} attempts`),
    [],
  );
  // x-webhook-id is the event id on every delivery.
  for (const { event, webhookId } of receiver.accepted) assert.equal(webhookId, event.id);
  const types = new Set<string>(receiver.accepted.map(({ event }) => event.type));
  for (const type of [
    'order.completed',
    'refund.succeeded',
    'dispute.created',
    'subscription.payment_succeeded',
  ]) {
    assert.ok(types.has(type), `received ${type}`);
  }
});

test('resending a delivered delivery sends the event again with the same x-webhook-id', async () => {
  const [delivered] = await glm.testHelpers.webhookDeliveries
    .list({ endpoint_id: endpointId, status: 'delivered' })
    .toArray({ limit: 1 });
  assert.ok(delivered, 'a delivered delivery to resend');
  const before = receiver.accepted.filter(({ webhookId }) => webhookId === delivered.event_id).length;
  assert.equal(before, 1);

  const resent = await glm.testHelpers.webhookDeliveries.resend(delivered.id);
  assert.equal(resent.status, 'delivered');
  assert.equal(resent.attempts.length, delivered.attempts.length + 1);
  assert.equal(resent.attempts.at(-1)?.status_code, 200);

  const again = await receiver.waitFor(
    (delivery) => delivery.webhookId === delivered.event_id && delivery.attempt !== '1',
  );
  assert.equal(again.event.id, delivered.event_id, 'the same event');
  assert.equal(again.webhookId, delivered.event_id, 'the same x-webhook-id: the event id');
  assert.equal(receiver.accepted.filter(({ webhookId }) => webhookId === delivered.event_id).length, 2);
  assert.deepEqual(receiver.refused, []);
});
