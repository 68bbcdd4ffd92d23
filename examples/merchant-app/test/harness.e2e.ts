// What goes wrong, against `glm-mock serve` in another process, installed from the packed tarballs: a
// browser-style suite that controls the mock over HTTP only (reset before each test, faults, the clock)
// and asserts on the request journal.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { type Glm, TimeoutError } from '@glm/sdk';
import { startCheckout } from '../src/shop.js';
import { keepCoverage } from './support/coverage.js';
import { type MockProcess, startGlmMock } from './support/glm-mock.js';

const shopper = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
const cart = [{ sku: 'thermo-1', name: 'Thermometer', priceCents: 1299, quantity: 2 }];

let mock: MockProcess;
let glm: Glm;

before(async () => {
  mock = await startGlmMock();
  glm = mock.client({ logLevel: 'off' });
});

after(async () => {
  try {
    if (mock !== undefined) await keepCoverage(mock, 'harness');
  } finally {
    await mock?.stop();
  }
});

beforeEach(async () => {
  await glm.testHelpers.reset();
});

const checkoutCalls = async () =>
  (await glm.testHelpers.requests.list({ operation: 'createCheckoutSession' })).data;

test('reset over HTTP leaves a clean journal and no fault rules, and the key keeps working', async () => {
  await glm.testHelpers.faults.create({ fault: { status: 500 }, times: null, match: { path: '/v2/orders' } });
  await glm.orders.list({}, { maxRetries: 0 }).catch(() => undefined);
  await glm.testHelpers.reset();
  assert.deepEqual((await glm.testHelpers.faults.list()).data, []);
  // Newest first: the journal starts again with the reset, then the list of rules read after it.
  const journal = (await glm.testHelpers.requests.list()).data;
  assert.deepEqual(
    journal.map((entry) => entry.operation),
    ['testListFaultRules', 'testReset'],
  );
  assert.deepEqual((await glm.orders.list()).data, []);
});

test('a 503 on checkout creation is retried by the SDK and the shopper gets a session', async () => {
  await glm.testHelpers.faults.create({
    match: { method: 'POST', path: '/api/v2/checkout' },
    fault: { status: 503 },
  });
  const session = await startCheckout(glm, 'cart-h1', shopper, cart);
  assert.equal(session.status, 'open');
  const calls = await checkoutCalls();
  assert.deepEqual(
    calls.map((entry) => entry.status),
    [201, 503],
  );
  assert.match(calls[1]?.fault ?? '', /^flt_/);
});

test('the answer of a created checkout is lost (when=after): the retry replays it, one session exists', async () => {
  await glm.testHelpers.faults.create({
    match: { operation: 'createCheckoutSession' },
    fault: { network: 'reset', when: 'after' },
  });
  const session = await startCheckout(glm, 'cart-h2', shopper, cart);
  const [retry, lost] = await checkoutCalls();
  assert.equal(lost?.status, 0);
  assert.equal(retry?.replayed, true);
  assert.equal(retry?.idempotency_key, 'checkout-cart-h2');
  const sessions = (await glm.testHelpers.snapshot.get()).tables['test.checkouts'] ?? [];
  assert.deepEqual(
    sessions.map(([id]) => id),
    [session.checkout_id],
  );
});

test('an answer held past the SDK timeout is a TimeoutError once the retries are spent', async () => {
  await glm.testHelpers.faults.create({
    match: { operation: 'listOrders' },
    fault: { network: 'timeout' },
    times: 2,
  });
  await assert.rejects(glm.orders.list({}, { timeout: 300, maxRetries: 1 }), TimeoutError);
  assert.deepEqual((await glm.orders.list({}, { timeout: 300 })).data, []);
});

test('the clock is set over HTTP and the journal is filtered by path, status and key', async () => {
  const moved = await glm.testHelpers.clock.set({ now: new Date(Date.now() + 86_400_000).toISOString() });
  assert.ok(Date.parse(moved.now) > Date.now());
  await startCheckout(glm, 'cart-h3', shopper, cart);
  const byKey = await glm.testHelpers.requests.list({ idempotency_key: 'checkout-cart-h3' });
  assert.equal(byKey.data.length, 1);
  assert.equal(byKey.data[0]?.headers['authorization']?.startsWith('Bearer test key '), true);
  assert.equal(JSON.stringify(byKey.data).includes(mock.testKey), false);
  const byPath = await glm.testHelpers.requests.list({ path: '/v2/checkout', status: 201 });
  assert.equal(byPath.data.length, 1);
});
