// Idempotency exactly as the shop relies on it, against `glm-mock serve`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BadRequestError, ConflictError, type Glm, GlmError, UnprocessableEntityError } from '@glm/sdk';
import { checkoutRequest, customerOf, startCheckout } from '../src/shop.js';
import { keepCoverage } from './support/coverage.js';
import { type MockProcess, startGlmMock } from './support/glm-mock.js';

const shopper = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const cart = [{ sku: 'thermo-1', name: 'Thermometer', priceCents: 1299, quantity: 2 }];

let mock: MockProcess;
let glm: Glm;
/** Requests that left the client (every attempt), counted by the fetch it was given. */
let sent: string[] = [];

before(async () => {
  mock = await startGlmMock();
  glm = mock.client({
    fetch: (input, init) => {
      const request = input instanceof Request ? input : undefined;
      sent.push(`${request?.method ?? init?.method ?? 'GET'} ${request?.url ?? String(input)}`);
      return fetch(input, init);
    },
  });
});

after(async () => {
  try {
    if (mock !== undefined) await keepCoverage(mock, 'idempotency');
  } finally {
    await mock?.stop();
  }
});

/** Runs a call that must fail, and says how long it took and how many requests it sent. */
async function failing(call: () => Promise<unknown>): Promise<{ error: unknown; requests: number }> {
  sent = [];
  try {
    await call();
  } catch (error) {
    return { error, requests: sent.length };
  }
  throw new assert.AssertionError({ message: 'the call succeeded; it should have failed' });
}

test('a replayed checkout creation answers the original body byte for byte and the same x-request-id', async () => {
  const first = await startCheckout(glm, 'cart-replay-1', shopper, cart).asResponse();
  const firstBody = await first.text();
  const replay = await startCheckout(glm, 'cart-replay-1', shopper, cart).asResponse();
  const replayBody = await replay.text();

  assert.equal(first.status, 201);
  assert.equal(replay.status, first.status);
  assert.equal(replay.headers.get('idempotent-replayed'), 'true');
  assert.equal(replayBody, firstBody, 'the same bytes');
  const requestId = first.headers.get('x-request-id');
  assert.match(requestId ?? '', /^req_/);
  assert.equal(replay.headers.get('x-request-id'), requestId);
  const envelope = JSON.parse(replayBody) as { metadata: { request_id: string } };
  assert.equal(envelope.metadata.request_id, requestId, "the envelope's metadata.request_id included");

  // Through the parsed result: the same session, marked as a replay, with the original request id.
  const { data, meta } = await startCheckout(glm, 'cart-replay-1', shopper, cart).withResponse();
  assert.equal(
    data.checkout_id,
    (JSON.parse(firstBody) as { data: { checkout_id: string } }).data.checkout_id,
  );
  assert.equal(meta.replayed, true);
  assert.equal(meta.requestId, requestId);
  assert.equal(meta.idempotencyKey, 'checkout-cart-replay-1');
});

test('a refused body (422) then the corrected body with the same key succeeds', async () => {
  const key = 'checkout-cart-typo-1';
  const typo = { ...shopper, email: 'ada@' };
  const { error } = await failing(() =>
    glm.checkout.create(checkoutRequest('cart-typo-1', typo, cart), { idempotencyKey: key }),
  );
  assert.ok(error instanceof UnprocessableEntityError, `a 422, not ${String(error)}`);
  assert.equal(error.code, 'validation_error');
  assert.equal(error.idempotencyKey, key);

  const fixed = await glm.checkout
    .create(checkoutRequest('cart-typo-1', shopper, cart), { idempotencyKey: key })
    .withResponse();
  assert.equal(fixed.meta.status, 201);
  assert.equal(fixed.meta.replayed, false, 'the corrected request ran');
  assert.equal(fixed.data.status, 'open');
});

/**
 * Runs a call refused for the resource's state and checks it was sent once: thrown at once, never
 * retried (a retry is a second request; how long it took is not asserted, a loaded machine stretches it).
 */
async function thrownAtOnce(call: () => Promise<unknown>): Promise<unknown> {
  const { error, requests } = await failing(call);
  assert.equal(requests, 1, `sent once (${String(error)})`);
  return error;
}

const giftCardLink = () =>
  glm.paymentLinks.create({
    amount_cents: 1500,
    currency: 'USD',
    description: 'Gift card',
    success_url: 'https://shop.example/thanks',
  });

test('a state conflict is thrown at once, never retried', async (t) => {
  await t.test('paying a paid payment link: 409, one request', async () => {
    const link = await giftCardLink();
    await glm.testHelpers.paymentLinks.pay(link.id);
    const error = await thrownAtOnce(() => glm.testHelpers.paymentLinks.pay(link.id));
    assert.ok(error instanceof ConflictError, `a 409, not ${String(error)}`);
  });

  await t.test('cancelling a cancelled subscription: 409 invalid_state, one request', async () => {
    const session = await startCheckout(glm, 'cart-conflict-1', shopper, cart);
    const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
    assert.ok(order);
    const { customerId, paymentMethodId } = customerOf(order);
    const subscription = await glm.subscriptions.create({
      customer_id: customerId,
      payment_method_id: paymentMethodId,
      amount_cents: 999,
      currency: 'USD',
      interval: 'monthly',
    });
    await glm.subscriptions.cancel(subscription.id);
    const error = await thrownAtOnce(() => glm.subscriptions.cancel(subscription.id));
    assert.ok(error instanceof ConflictError, `a 409, not ${String(error)}`);
    assert.equal(error.code, 'invalid_state');
  });

  await t.test('cancelling a cancelled payment link: 400 invalid_state, one request', async () => {
    const link = await giftCardLink();
    await glm.paymentLinks.cancel(link.id);
    const error = await thrownAtOnce(() => glm.paymentLinks.cancel(link.id));
    // The interface (4.6) answers 400 here, not 409; either way it must not be retried.
    assert.ok(error instanceof BadRequestError, `a 400, not ${String(error)}`);
    assert.equal(error.code, 'invalid_state');
  });
});

test("idempotencyKey: '' is a clear error before any request", async () => {
  const { error, requests } = await failing(() =>
    glm.checkout.create(checkoutRequest('cart-empty-key', shopper, cart), { idempotencyKey: '' }),
  );
  assert.ok(error instanceof GlmError);
  assert.match(error.message, /idempotencyKey must be 1 to 255 printable ASCII characters/);
  assert.equal(requests, 0, 'nothing was sent');
});
