import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct } from '../support/fixtures.ts';

// D38: coverage is counters kept apart from the journal, and while the journal holds every request
// (a run within its bound) the two tell the same story.

const BASE = 'http://127.0.0.1';

/** One request of a random mix: what it asks, and how (a retry, a fault, an idempotency key). */
const requestArbitrary = fc.record({
  target: fc.constantFrom(
    { method: 'GET', path: '/v2/products' },
    { method: 'GET', path: '/v2/products/999' },
    { method: 'GET', path: '/v2/orders' },
    { method: 'GET', path: '/v2/orders/ord_nope' },
    { method: 'POST', path: '/v2/checkout', body: checkoutRequest(['sku-ibuprofen']) },
    { method: 'POST', path: '/v2/checkout', body: { line_items: 7 } },
    { method: 'POST', path: '/v2/products', body: { name: '' } },
    { method: 'GET', path: '/v2/nowhere' },
    { method: 'DELETE', path: '/v2/orders' },
  ),
  retry: fc.boolean(),
  fault: fc.option(fc.constantFrom('status=503', 'status=429', 'status=500;when=after'), { nil: undefined }),
  idempotencyKey: fc.option(fc.constantFrom('k1', 'k2'), { nil: undefined }),
  live: fc.boolean(),
});

test('for random request mixes within the journal’s bound, coverage counts what the journal shows', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(requestArbitrary, { maxLength: 40 }), async (mix) => {
      const service = createMockService({
        now: '2025-03-01T00:00:00Z',
        rateLimit: false,
        seed: { products: [eligibleProduct()] },
      });
      for (const { target, retry, fault, idempotencyKey, live } of mix) {
        const headers: Record<string, string> = {
          authorization: `Bearer ${live ? service.keys.live : service.keys.test}`,
          'content-type': 'application/json',
          ...(retry ? { 'x-glm-retry-count': '1' } : {}),
          ...(fault === undefined ? {} : { 'glm-mock-fault': fault }),
          ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
        };
        const body = 'body' in target ? JSON.stringify(target.body) : null;
        await service.handle(new Request(`${BASE}${target.path}`, { method: target.method, headers, body }));
      }
      const journal = service.requests();
      const coverage = service.coverage();
      expect(coverage.totals.requests).toBe(journal.length);
      const expected = new Map<
        string,
        {
          requests: number;
          statuses: Record<string, number>;
          replays: number;
          retries: number;
          faults: number;
        }
      >();
      for (const entry of journal) {
        if (entry.operation === null) continue;
        const tally = expected.get(entry.operation) ?? {
          requests: 0,
          statuses: {},
          replays: 0,
          retries: 0,
          faults: 0,
        };
        tally.requests += 1;
        tally.statuses[entry.status] = (tally.statuses[entry.status] ?? 0) + 1;
        if (entry.replayed) tally.replays += 1;
        if (entry.headers['x-glm-retry-count'] === '1') tally.retries += 1;
        if (entry.fault !== null) tally.faults += 1;
        expected.set(entry.operation, tally);
      }
      const counted = new Map(
        coverage.operations.map(({ operation, requests, statuses, replays, retries, faults }) => [
          operation,
          { requests, statuses, replays, retries, faults },
        ]),
      );
      expect(counted).toEqual(expected);
    }),
    { numRuns: 40 },
  );
});

test('coverage memory does not grow with the number of requests: a full journal drops entries, coverage keeps counting', async () => {
  const service = createMockService({ now: '2025-03-01T00:00:00Z', rateLimit: false, journalSize: 5 });
  const request = () =>
    service.handle(
      new Request(`${BASE}/v2/products`, { headers: { authorization: `Bearer ${service.keys.test}` } }),
    );
  for (let index = 0; index < 50; index += 1) await request();
  expect(service.requests()).toHaveLength(5);
  const coverage = service.coverage();
  expect(coverage.operations).toEqual([expect.objectContaining({ operation: 'listProducts', requests: 50 })]);
  expect(coverage.totals.requests).toBe(50);
});
