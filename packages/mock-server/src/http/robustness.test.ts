import { ErrorBody } from '@glm/domain';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { routes } from '../handlers/routes.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { checkoutRequest, eligibleProduct, regularProduct } from '../test-support/fixtures.ts';
import { storeSnapshot } from '../test-support/store-snapshot.ts';

const BASE = 'http://127.0.0.1';

const freshService = async () => {
  const service = createMockService({
    now: '2025-03-01T00:00:00Z',
    rateLimit: false,
    seed: { products: [eligibleProduct(), regularProduct()] },
  });
  const created = await service.handle(
    new Request(`${BASE}/api/v2/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify(checkoutRequest(['sku-ibuprofen'])),
    }),
  );
  const checkoutId = ((await created.json()) as { data: { checkout_id: string } }).data.checkout_id;
  return { service, checkoutId };
};

const segment = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', 'abc', 'cs_x', '%', '%E0%A4%A', 'ord_1', '99999999999999999999'),
  fc.string({ maxLength: 8 }),
);
const pathArb = fc
  .tuple(
    fc.constantFrom(...routes.map((route) => route.path)),
    fc.constantFrom('/api/v2', '/v2', '/v3', ''),
    segment,
  )
  .map(([path, prefix, id]) => `${prefix}${path.replace(/:[a-z_]+/g, encodeURIComponent(id))}`);
const queryArb = fc.array(
  fc.tuple(
    fc.constantFrom(
      'limit',
      'starting_after',
      'status',
      'hsa_fsa_eligible',
      'created_after',
      'type',
      'x',
      '',
    ),
    fc.string({ maxLength: 12 }),
  ),
  { maxLength: 4 },
);
const bodyArb = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 64 }),
  fc.constant('{"name":'),
  fc
    .record({
      name: fc.string(),
      price: fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 60)),
      currency: fc.string({ maxLength: 4 }),
    })
    .map((v) => JSON.stringify(v)),
);
const headerArb = fc.record({
  authorization: fc.constantFrom('valid', 'live', 'none', 'Bearer glm_test_x.y', 'Bearer '),
  contentType: fc.constantFrom('application/json', 'text/plain', 'application/merge-patch+json', ''),
  idempotencyKey: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
});

test('random and malformed requests never answer 5xx, always use the error shape, and leave the store unchanged when refused', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
      pathArb,
      queryArb,
      bodyArb,
      headerArb,
      async (method, path, query, body, headers) => {
        const { service, checkoutId } = await freshService();
        const before = storeSnapshot(service);
        const search = new URLSearchParams(query).toString();
        const all: Record<string, string> = {};
        if (headers.authorization === 'valid') all['authorization'] = `Bearer ${service.keys.test}`;
        else if (headers.authorization === 'live') all['authorization'] = `Bearer ${service.keys.live}`;
        else if (headers.authorization !== 'none') all['authorization'] = headers.authorization;
        if (headers.contentType !== '') all['content-type'] = headers.contentType;
        if (headers.idempotencyKey !== undefined)
          all['idempotency-key'] = headers.idempotencyKey.replace(/[^\x20-\x7e]/g, '');
        const url = `${BASE}${path.replace('cs_x', checkoutId)}${search === '' ? '' : `?${search}`}`;
        const init: RequestInit = { method, headers: all };
        if (method !== 'GET' && method !== 'DELETE') init.body = body;
        const response = await service.handle(new Request(url, init));
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get('x-request-id')).toMatch(/^req_/);
        if (response.status >= 400) {
          expect(ErrorBody.safeParse(await response.json()).success).toBe(true);
          expect(storeSnapshot(service)).toBe(before);
        }
      },
    ),
    { numRuns: 300 },
  );
});
