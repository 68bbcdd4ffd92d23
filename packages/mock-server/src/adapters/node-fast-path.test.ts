import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { checkoutRequest, eligibleProduct, regularProduct } from '../../test/support/fixtures.ts';
import { seededRandom } from '../../test/support/seeded-random.ts';
import { createMockService } from '../service/create-mock-service.ts';
import type { MockService } from '../service/mock-service.ts';
import { apiCoreOf } from '../service/private-handles.ts';
import type { RunningServer } from './node.ts';
import { startServer } from './node.ts';

// The node adapter answers API paths straight from the service's pipeline (no fetch Request/Response);
// a service it does not know (here a copy of a real one) goes through `service.handle`. Twin services
// with the same seed must then answer every request byte for byte the same, headers included.

const TEST_KEY = `glm_test_${'A1b2C3d4E5f6G7h8'}.${'x'.repeat(32)}`;

function twin(seed: number): MockService {
  return createMockService({
    now: '2025-03-01T12:00:00.000Z',
    // The clock stands still, so the later requests of a long sequence meet 429 too.
    rateLimit: { default: { limit: 14, windowMs: 1000 } },
    keys: { test: TEST_KEY },
    random: seededRandom(seed),
    baseUrl: 'http://127.0.0.1',
  });
}

interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

interface RawReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** Sends exactly these headers (no client defaults) and reads the whole answer. */
function send(server: RunningServer, raw: RawRequest): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${server.url}${raw.path}`, { method: raw.method, headers: raw.headers });
    outgoing.on('error', reject);
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const {
          date: _date,
          connection: _connection,
          'keep-alive': _keepAlive,
          ...headers
        } = incoming.headers;
        resolve({ status: incoming.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    outgoing.end(raw.body);
  });
}

const json = 'application/json';

/** Request shapes covering every pipeline branch the fast path reaches, and paths it leaves to `handle`. */
function requestShapes(key: string): fc.Arbitrary<RawRequest> {
  const auth = { authorization: `Bearer ${key}` };
  const idempotencyKey = fc.constantFrom('key-a', 'key-b', '', 'clé');
  return fc.oneof(
    fc.constantFrom<RawRequest>(
      { method: 'GET', path: '/v2/orders/ord_missing', headers: auth },
      { method: 'GET', path: '/api/v2/orders?limit=2', headers: auth },
      { method: 'GET', path: '/api/v2/orders?limit=nope', headers: auth },
      { method: 'GET', path: '/api/v2/products?limit=1', headers: auth },
      { method: 'HEAD', path: '/api/v2/products', headers: auth },
      { method: 'DELETE', path: '/api/v2/products', headers: auth },
      { method: 'GET', path: '/v2/orders', headers: {} },
      { method: 'GET', path: '/v2/orders', headers: { authorization: `Basic ${key}` } },
      { method: 'GET', path: '/v2/orders', headers: { authorization: `  Bearer ${key}  ` } },
      { method: 'GET', path: '/v2/nothing/%zz', headers: auth },
      { method: 'GET', path: '/v3/products', headers: auth },
      { method: 'GET', path: '/openapi.json', headers: {} },
      { method: 'GET', path: '/assets/glm-pages.css', headers: {} },
      { method: 'GET', path: '/checkout/cs_missing', headers: {} },
      { method: 'POST', path: '/api/v2/checkout', headers: { ...auth, 'content-type': json }, body: '{' },
      {
        method: 'POST',
        path: '/api/v2/checkout',
        headers: { ...auth, 'content-type': 'text/plain' },
        body: '{}',
      },
      { method: 'POST', path: '/api/v2/checkout', headers: { ...auth, 'content-type': json }, body: '' },
      {
        method: 'POST',
        path: '/api/v2/products',
        headers: { ...auth, 'content-type': 'application/vnd.glm+json; charset=utf-8' },
        body: JSON.stringify(eligibleProduct()),
      },
      {
        method: 'POST',
        path: '/api/v2/products',
        headers: { ...auth, 'content-type': json },
        body: JSON.stringify(regularProduct()),
      },
      {
        method: 'POST',
        path: '/api/v2/checkout',
        headers: { ...auth, 'content-type': json },
        body: 'x'.repeat(1024 * 1024 + 1),
      },
    ),
    fc.record({
      method: fc.constant('POST'),
      path: fc.constant('/api/v2/checkout'),
      headers: idempotencyKey.map((value) => ({ ...auth, 'content-type': json, 'idempotency-key': value })),
      body: fc
        .constantFrom(['sku-ibuprofen'], ['sku-tissue'], ['sku-ibuprofen', 'sku-tissue'], [])
        .map((ids) => JSON.stringify(checkoutRequest(ids))),
    }),
    fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT'),
      path: fc.webPath().map((path) => `/v2${path.startsWith('/') ? path : `/${path}`}`),
      headers: fc.constant(auth),
    }),
  );
}

test('the standalone server answers every request exactly as service.handle does', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.array(requestShapes(TEST_KEY), { minLength: 1, maxLength: 20 }),
      async (seed, requests) => {
        const fast = await startServer({ service: twin(seed) });
        const viaHandle = twin(seed);
        // A copy is not a service createMockService made, so the adapter can only call its handle.
        const slow = await startServer({ service: { ...viaHandle } });
        try {
          expect(apiCoreOf(fast.service)).toBeDefined();
          expect(apiCoreOf(slow.service)).toBeUndefined();
          for (const raw of requests) {
            const [a, b] = [await send(fast, raw), await send(slow, raw)];
            expect(a, `${raw.method} ${raw.path}`).toEqual(b);
          }
          // Each server has its own port (the Host header) and its own timing.
          const journal = (service: MockService) =>
            service.requests().map(({ duration_ms: _, headers: { host: __, ...headers }, ...entry }) => ({
              ...entry,
              headers,
            }));
          expect(journal(fast.service)).toEqual(journal(viaHandle));
        } finally {
          await Promise.all([fast.close(), slow.close()]);
        }
      },
    ),
    { numRuns: 15 },
  );
}, 60_000);
