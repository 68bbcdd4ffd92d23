import { CheckoutSessionEnvelope } from '@glm/domain';
import { type RunningServer, startServer } from '@glm/mock-server/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { Glm } from '../src/client.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { TimeoutError } from '../src/errors/timeout-error.ts';
import { UnprocessableEntityError } from '../src/errors/unprocessable-entity-error.ts';
import { responseSchemas } from '../src/validation/index.ts';
import { createWebhookHandler } from '../src/webhooks/create-webhook-handler.ts';
import { checkoutRequest, productRequest, rejectionOf, thermometerLine } from './support/use-mock-glm.ts';

// Faults, the journal, reset, clock and snapshots through the SDK against the standalone server, over
// real HTTP, with the SDK's real retries.

let server: RunningServer;
let glm: Glm;
beforeAll(async () => {
  server = await startServer({ now: '2025-03-01T12:00:00.000Z', rateLimit: false });
  glm = new Glm({
    apiKey: server.service.keys.test,
    baseUrl: server.url,
    logLevel: 'off',
    responseSchemas,
    maxRetries: 2,
  });
});
beforeEach(async () => {
  await glm.testHelpers.reset();
  await glm.products.create(productRequest({ merchant_product_id: 'thermo-1' }));
});
afterAll(() => server.close());

const cart = () => checkoutRequest([thermometerLine()]);
const checkouts = () => server.service.requests({ operation: 'createCheckoutSession' });

test('a 503 then success: the SDK retries and the caller sees the checkout', async () => {
  await glm.testHelpers.faults.create({
    match: { method: 'POST', path: '/v2/checkout' },
    fault: { status: 503 },
  });
  const created = await glm.checkout.create(cart());
  expect(created.checkout_id).toMatch(/^cs_/);
  const sent = checkouts().map((entry) => [entry.status, entry.fault]);
  expect(sent.map(([, fault]) => fault)).toEqual([expect.stringMatching(/^flt_/), null]);
  expect(sent.map(([status]) => status)).toEqual([503, 201]);
});

test('the answer of POST /api/v2/checkout is lost after the work (network=reset, when=after): the retry with the SDK’s own key finds exactly one session and the replayed body', async () => {
  await glm.testHelpers.faults.create({
    match: { operation: 'createCheckoutSession' },
    fault: { network: 'reset', when: 'after' },
  });
  const created = await glm.checkout.create(cart());
  const entries = checkouts();
  expect(entries).toHaveLength(2);
  const [lost, retried] = entries;
  expect(lost).toMatchObject({ status: 0, fault: expect.stringMatching(/^flt_/), replayed: false });
  expect(retried).toMatchObject({ status: 201, replayed: true, fault: null });
  expect(retried?.idempotency_key).toBe(lost?.idempotency_key);
  expect(lost?.idempotency_key).toEqual(expect.any(String));
  // The replay answers the lost request's own id: the original answer, byte for byte.
  expect(retried?.request_id).toBe(lost?.id);
  const sessions = (await glm.testHelpers.snapshot.get()).tables['test.checkouts'] ?? [];
  expect(sessions.map(([id]) => id)).toEqual([created.checkout_id]);
});

test('a held answer meets the SDK’s timeout, then the retry answers', async () => {
  const quick = glm.withOptions({ timeout: 300, maxRetries: 1 });
  await glm.testHelpers.faults.create({ match: { operation: 'listOrders' }, fault: { network: 'timeout' } });
  const started = performance.now();
  const page = await quick.orders.list();
  expect(page.data).toEqual([]);
  expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  await glm.testHelpers.faults.create({
    match: { operation: 'listOrders' },
    fault: { network: 'timeout' },
    times: 5,
  });
  expect(await rejectionOf(quick.orders.list())).toBeInstanceOf(TimeoutError);
  await glm.testHelpers.faults.clear();
});

test('fault rules are created, listed, deleted and cleared; a malformed one is a typed error naming the field', async () => {
  const rule = await glm.testHelpers.faults.create({ fault: { status: 500 }, times: null });
  expect((await glm.testHelpers.faults.list()).data.map((one) => one.id)).toEqual([rule.id]);
  expect((await glm.testHelpers.faults.delete(rule.id)).id).toBe(rule.id);
  expect(await rejectionOf(glm.testHelpers.faults.delete(rule.id))).toBeInstanceOf(NotFoundError);
  await glm.testHelpers.faults.create({ fault: { delay_ms: 1 } });
  expect(await glm.testHelpers.faults.clear()).toEqual({ deleted: 1 });
  const refused = await rejectionOf(glm.testHelpers.faults.create({ fault: { status: 418 } }));
  expect(refused).toBeInstanceOf(UnprocessableEntityError);
  expect((refused as UnprocessableEntityError).param).toBe('fault.status');
});

test('the journal pages like the other lists, filtered, newest first', async () => {
  const client = glm.withOptions({ headers: { 'x-glm-client': 'shop-suite/1.0' } });
  for (let index = 0; index < 3; index += 1) await client.orders.list();
  const all = await glm.testHelpers.requests.list({ path: '/v2/orders', limit: 2 }).toArray({ limit: 10 });
  expect(all).toHaveLength(3);
  expect(all.every((entry) => entry.operation === 'listOrders')).toBe(true);
  expect(all[0]?.client).toBe('shop-suite/1.0');
  expect(Date.parse(all[0]?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(all[2]?.created_at ?? ''));
});

test('the clock is set, snapshots are read and loaded, and events are read by id', async () => {
  const moved = await glm.testHelpers.clock.set({ now: '2025-04-01T00:00:00.000Z' });
  expect(moved.now).toBe('2025-04-01T00:00:00.000Z');
  const snapshot = await glm.testHelpers.snapshot.get();
  await glm.products.create(productRequest({ merchant_product_id: 'later' }));
  const loaded = await glm.testHelpers.snapshot.load(snapshot);
  expect(loaded).toMatchObject({ loaded: true, taken_at: snapshot.taken_at });
  expect((await glm.products.list()).data.map((product) => product.merchant_product_id)).toEqual([
    'thermo-1',
  ]);
  const [event] = (await glm.testHelpers.events.list()).data;
  expect((await glm.testHelpers.events.get(event?.id ?? '')).id).toBe(event?.id);
  const response = await fetch(`${server.url}/v2/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.service.keys.test}`, 'content-type': 'application/json' },
    body: JSON.stringify(cart()),
  });
  expect(CheckoutSessionEnvelope.parse(await response.json()).success).toBe(true);
});

test.each([
  { signature: 'invalid' },
  { signature: 'stale' },
  { signature: 'missing' },
  { signature: 'wrong_secret' },
  { bearer: 'invalid' },
  { drop: true },
] as const)(
  'a webhook fault %j: the SDK’s webhook handler refuses the altered attempt and processes the genuine retry once',
  async (fault) => {
    const processed: string[] = [];
    let receiver: ((request: Request) => Promise<Response>) | undefined;
    const endpoint = await server.service.registerWebhookEndpoint({
      handler: (request) =>
        (receiver ?? (() => Promise.resolve(new Response(null, { status: 503 }))))(request),
      events: ['product.created'],
    });
    // The receiver a merchant writes: the endpoint's secret, signatures required (not the Bearer alone).
    receiver = createWebhookHandler({
      secret: endpoint.secret,
      requireSignature: true,
      on: { 'product.created': (event) => void processed.push(event.id) },
    });
    const rule = await glm.testHelpers.faults.create({
      match: { webhook: { endpoint: endpoint.id } },
      fault,
    });
    await glm.products.create(productRequest({ merchant_product_id: 'thermo-2' }));
    await glm.testHelpers.webhookDeliveries.flush();
    expect(processed).toEqual([]);
    await glm.testHelpers.clock.advance({ seconds: 30 });
    await glm.testHelpers.webhookDeliveries.flush();
    expect(processed).toHaveLength(1);
    const deliveries = await glm.testHelpers.webhookDeliveries.list({ event_id: processed[0] });
    const attempts = deliveries.data.find((delivery) => delivery.endpoint_id === endpoint.id)?.attempts ?? [];
    expect(attempts.map((attempt) => [attempt.status_code, attempt.fault])).toEqual([
      ['drop' in fault ? null : 400, rule.id],
      [200, undefined],
    ]);
  },
);

test('a receiver that checks the Bearer alone (the SDK’s default) accepts a delivery with no signature: require signatures to refuse it', async () => {
  const processed: string[] = [];
  let receiver: ((request: Request) => Promise<Response>) | undefined;
  const endpoint = await server.service.registerWebhookEndpoint({
    handler: (request) => (receiver ?? (() => Promise.resolve(new Response(null, { status: 503 }))))(request),
    events: ['product.created'],
  });
  receiver = createWebhookHandler({
    secret: endpoint.secret,
    on: { 'product.created': (event) => void processed.push(event.id) },
  });
  const rule = await glm.testHelpers.faults.create({
    match: { webhook: { endpoint: endpoint.id } },
    fault: { signature: 'missing' },
  });
  await glm.products.create(productRequest({ merchant_product_id: 'thermo-3' }));
  await glm.testHelpers.webhookDeliveries.flush();
  expect(processed).toHaveLength(1);
  const deliveries = await glm.testHelpers.webhookDeliveries.list({ event_id: processed[0] });
  const delivery = deliveries.data.find((one) => one.endpoint_id === endpoint.id);
  expect(delivery?.attempts.map((attempt) => [attempt.status_code, attempt.fault])).toEqual([[200, rule.id]]);
});

test('coverage counts the SDK’s own retries and survives the reset between tests', async () => {
  server.service.clearCoverage({ scope: 'server' });
  await glm.testHelpers.faults.create({ match: { operation: 'listOrders' }, fault: { status: 503 } });
  await glm.orders.list();
  await glm.testHelpers.reset();
  const coverage = await glm.testHelpers.coverage();
  const orders = coverage.operations.find((entry) => entry.operation === 'listOrders');
  expect(orders).toMatchObject({ requests: 2, statuses: { '200': 1, '503': 1 }, retries: 1, faults: 1 });
  expect(coverage.missing.operations.map((entry) => entry.operation)).toContain('createRefund');
  expect((await glm.testHelpers.coverage({ scope: 'server' })).scope).toBe('server');
});
