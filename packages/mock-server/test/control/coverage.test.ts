import { CheckoutSessionEnvelope } from '@glm/domain';
import {
  CheckoutPayResult,
  Coverage,
  CoverageCleared,
  MerchantWithKeys,
  MockSnapshot,
} from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

// D38: coverage, what a suite exercised and what it never did.

const operationOf = (coverage: Coverage, operation: string) =>
  coverage.operations.find((entry) => entry.operation === operation);

describe.each(TRANSPORTS)('coverage over %s', (transport) => {
  const harness = useHarness(transport, { seed: { products: [eligibleProduct()] } });

  const read = async (query = ''): Promise<Coverage> => {
    const reply = await harness().request('GET', `/v2/test_helpers/coverage${query}`);
    expect(reply.status).toBe(200);
    return Coverage.parse(reply.body);
  };

  test('counts each operation’s statuses, error codes, replays, retries and faults', async () => {
    const h = harness();
    const headers = { 'idempotency-key': 'cov-1' };
    const body = checkoutRequest(['sku-ibuprofen']);
    await h.request('POST', '/v2/checkout', { body, headers });
    await h.request('POST', '/v2/checkout', { body, headers: { ...headers, 'x-glm-retry-count': '1' } });
    await h.request('POST', '/v2/checkout', { body: { line_items: 'nope' } });
    await h.request('GET', '/v2/orders/ord_missing');
    await h.request('GET', '/v2/orders', { headers: { 'glm-mock-fault': 'status=503' } });
    await h.request('GET', '/v2/no-such-route');
    const coverage = await read();
    expect(operationOf(coverage, 'createCheckoutSession')).toEqual({
      operation: 'createCheckoutSession',
      method: 'POST',
      path: '/v2/checkout',
      requests: 3,
      statuses: { '201': 2, '400': 1 },
      error_codes: { bad_request: 1 },
      replays: 1,
      retries: 1,
      faults: 0,
    });
    expect(operationOf(coverage, 'getOrder')?.error_codes).toEqual({ not_found: 1 });
    expect(operationOf(coverage, 'listOrders')).toMatchObject({ statuses: { '503': 1 }, faults: 1 });
    // Unrouted requests count in the total, under no operation; the coverage read itself is not yet counted.
    expect(coverage.totals.requests).toBe(6);
    expect(coverage.missing.operations.map((entry) => entry.operation)).not.toContain(
      'createCheckoutSession',
    );
    expect(coverage.missing.operations.map((entry) => entry.operation)).toContain('createRefund');
    expect(coverage.missing.operations.some((entry) => entry.path.startsWith('/v2/test_helpers'))).toBe(
      false,
    );
    expect(coverage.totals.operations.used).toBe(3);
    expect(coverage.totals.operations.total).toBe(
      coverage.totals.operations.used + coverage.missing.operations.length,
    );
    // Documented error answers: a 404 of getOrder was given, a 401 was not.
    const answers = coverage.missing.error_answers.filter((answer) => answer.operation === 'getOrder');
    expect(answers.map((answer) => answer.status)).not.toContain(404);
    expect(answers).toContainEqual({ operation: 'getOrder', status: 401, code: 'unauthorized' });
  });

  test('the readiness probe and the OpenAPI document are counted when called, never missing nor in the totals', async () => {
    const h = harness();
    const before = await read();
    const missingIds = before.missing.operations.map((entry) => entry.operation);
    expect(missingIds).not.toContain('getHealth');
    expect(missingIds).not.toContain('getOpenApiDocument');
    expect(missingIds).toContain('listProducts');
    expect(before.missing.error_answers.map((answer) => answer.operation)).not.toContain('getHealth');
    await h.request('GET', '/healthz');
    await h.request('GET', '/v2/openapi.json');
    const after = await read();
    expect(after.operations.map((entry) => entry.operation).sort()).toEqual([
      'getHealth',
      'getOpenApiDocument',
      'testGetCoverage',
    ]);
    // Neither call moved the share of the merchant API a suite exercised.
    expect(after.totals.operations).toEqual(before.totals.operations);
    expect(after.totals.operations.used).toBe(0);
  });

  test('counts events emitted and test cards used; what was never delivered or used is missing', async () => {
    const h = harness();
    const created = await h.request('POST', '/v2/checkout', { body: checkoutRequest(['sku-ibuprofen']) });
    const id = CheckoutSessionEnvelope.parse(created.body).data.checkout_id;
    const paid = await h.request('POST', `/v2/test_helpers/checkout/${id}/pay`, {
      body: { hsa_card_number: '4000000000000002' },
    });
    expect(CheckoutPayResult.parse(paid.body).payment.outcome).toBe('declined');
    await h.request('POST', `/v2/test_helpers/checkout/${id}/pay`, { body: {} });
    const coverage = await read();
    expect(coverage.test_cards.map(({ number, uses }) => [number, uses])).toEqual([
      ['4242424242424242', 1],
      ['4000000000000002', 1],
    ]);
    expect(coverage.missing.test_card_outcomes.map((card) => card.number)).not.toContain('4242424242424242');
    expect(coverage.events.find((event) => event.type === 'order.created')).toEqual({
      type: 'order.created',
      emitted: 1,
      delivered: 0,
      failed_deliveries: 0,
    });
    expect(coverage.missing.event_types_never_delivered).toContain('order.created');
    expect(coverage.totals.test_cards).toEqual({
      used: 2,
      total: coverage.test_cards.length + coverage.missing.test_card_outcomes.length,
    });
  });

  test('survives a reset and a snapshot load; DELETE starts counting again', async () => {
    const h = harness();
    await h.request('GET', '/v2/products');
    const snapshot = MockSnapshot.parse((await h.request('GET', '/v2/test_helpers/snapshot')).body);
    await h.request('POST', '/v2/test_helpers/reset');
    await h.request('POST', '/v2/test_helpers/snapshot', { body: snapshot });
    const kept = await read();
    expect(operationOf(kept, 'listProducts')?.requests).toBe(1);
    expect(operationOf(kept, 'testReset')?.requests).toBe(1);
    const cleared = await h.request('DELETE', '/v2/test_helpers/coverage');
    expect(CoverageCleared.parse(cleared.body)).toMatchObject({ cleared: true, scope: 'merchant' });
    // The DELETE itself is the first request counted again.
    const fresh = await read();
    expect(fresh.operations.map((entry) => entry.operation)).toEqual(['testClearCoverage']);
    expect(fresh.totals.operations.used).toBe(0);
    expect(h.service.coverage().operations.map((entry) => entry.operation)).toEqual([
      'testClearCoverage',
      'testGetCoverage',
    ]);
  });

  test('scope=server sums every merchant; a removed merchant’s coverage goes with it', async () => {
    const h = harness();
    const made = await h.request('POST', '/v2/test_helpers/merchants', { body: { name: 'CI shard 2' } });
    const other = { raw: MerchantWithKeys.parse(made.body).keys.test };
    await h.request('GET', '/v2/products');
    await h.request('GET', '/v2/products', { key: other });
    await h.request('GET', '/v2/products', { key: other });
    expect(operationOf(await read(), 'listProducts')?.requests).toBe(1);
    expect(operationOf(await read('?scope=server'), 'listProducts')?.requests).toBe(3);
    expect(h.service.coverage({ scope: 'server' }).scope).toBe('server');
    await h.request('DELETE', '/v2/test_helpers/merchants/current', { key: other });
    expect(operationOf(await read('?scope=server'), 'listProducts')?.requests).toBe(1);
  });

  test('live keys are refused; a malformed scope is 400 naming it and clears nothing', async () => {
    const h = harness();
    await h.request('GET', '/v2/products');
    expect((await h.request('GET', '/v2/test_helpers/coverage', { key: 'live' })).status).toBe(403);
    expect((await h.request('DELETE', '/v2/test_helpers/coverage', { key: 'live' })).status).toBe(403);
    const bad = await h.request('DELETE', '/v2/test_helpers/coverage?scope=planet');
    expect([bad.status, errorOf(bad).param]).toEqual([400, 'scope']);
    expect(operationOf(await read(), 'listProducts')?.requests).toBe(1);
  });
});

test('a delivery the receiver answers counts as delivered, one that runs out of attempts as failed', async () => {
  const service = createMockService({ now: '2025-03-01T00:00:00Z', rateLimit: false });
  await service.registerWebhookEndpoint({ events: ['order.created'], handler: () => new Response('ok') });
  await service.registerWebhookEndpoint({
    events: ['order.created'],
    handler: () => new Response('down', { status: 500 }),
  });
  await service.trigger('order.created');
  await service.flushWebhooks();
  for (let attempt = 0; attempt < 12; attempt += 1) {
    service.clock.advance('3d');
    await service.flushWebhooks();
  }
  const event = service.coverage().events.find((entry) => entry.type === 'order.created');
  expect(event).toMatchObject({ emitted: 1, delivered: 1, failed_deliveries: 1 });
  expect(service.coverage().missing.event_types_never_delivered).not.toContain('order.created');
});
