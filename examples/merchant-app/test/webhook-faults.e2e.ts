// The app's receiver against forged, stale, wrong-secret, stripped and dropped deliveries from
// `glm-mock serve` in another process. Each altered attempt is refused (or never arrives); the genuine
// retry 30 seconds later (on the server's clock) is accepted, so each event is processed exactly once.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Glm } from '@glm/sdk';
import { startWebhookReceiver, type WebhookReceiver } from '../src/webhook-receiver.js';
import { keepCoverage } from './support/coverage.js';
import { type MockProcess, startGlmMock } from './support/glm-mock.js';

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
    events: ['product.created'],
  });
  receiver.useSecret(endpoint.secret);
  endpointId = endpoint.id;
});

after(async () => {
  await receiver?.close();
  try {
    if (mock !== undefined) await keepCoverage(mock, 'webhook-faults');
  } finally {
    await mock?.stop();
  }
});

const FAULTS = [
  [{ signature: 'invalid' }, 'invalid_signature'],
  [{ signature: 'stale' }, 'timestamp_outside_tolerance'],
  [{ signature: 'wrong_secret' }, 'invalid_signature'],
  [{ bearer: 'invalid' }, 'invalid_token'],
  [{ drop: true }, undefined],
] as const;

for (const [fault, reason] of FAULTS) {
  test(`${JSON.stringify(fault)}: refused (${reason ?? 'never arrives'}), then the genuine retry is processed once`, async () => {
    const rule = await glm.testHelpers.faults.create({ match: { webhook: { endpoint: endpointId } }, fault });
    const refusedBefore = receiver.refused.length;
    const product = await glm.products.create({
      name: `Thermometer ${rule.id}`,
      price: 1299,
      currency: 'usd',
      merchant_product_id: `thermo-${rule.id}`,
    });
    const [event] = (await glm.testHelpers.events.list({ type: 'product.created', limit: 1 })).data;
    assert.ok(event !== undefined && event.type === 'product.created');
    await glm.testHelpers.webhookDeliveries.flush();
    const refusedNow = receiver.refused.slice(refusedBefore);
    assert.deepEqual(
      refusedNow.map((refusal) => [refusal.reason, refusal.webhookId]),
      reason === undefined ? [] : [[reason, event.id]],
    );
    assert.equal(receiver.accepted.filter((delivery) => delivery.webhookId === event.id).length, 0);

    await glm.testHelpers.clock.advance({ seconds: 30 });
    await glm.testHelpers.webhookDeliveries.flush();
    const accepted = await receiver.waitFor((delivery) => delivery.webhookId === event.id);
    assert.equal(accepted.attempt, '2');
    assert.equal(receiver.accepted.filter((delivery) => delivery.webhookId === event.id).length, 1);
    assert.ok(product.id > 0);

    const deliveries = await glm.testHelpers.webhookDeliveries.list({ event_id: event.id });
    const attempts = deliveries.data[0]?.attempts ?? [];
    assert.deepEqual(
      attempts.map((attempt) => [attempt.attempt, attempt.fault]),
      [
        [1, rule.id],
        [2, undefined],
      ],
    );
  });
}
