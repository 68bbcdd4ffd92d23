import { ErrorBody } from '@glm/domain';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { routes } from '../../src/http/routes.ts';
import type { MockService } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct, paymentLinkRequest, regularProduct } from '../support/fixtures.ts';

import { storeSnapshot } from '../support/store-snapshot.ts';

const BASE = 'http://127.0.0.1';

const post = (service: MockService, path: string, body: unknown): Promise<Response> =>
  service.handle(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );

const freshService = async () => {
  const service = createMockService({
    now: '2025-03-01T00:00:00Z',
    rateLimit: false,
    seed: { products: [eligibleProduct(), regularProduct()] },
  });
  const created = (await (
    await post(service, '/api/v2/checkout', checkoutRequest(['sku-ibuprofen']))
  ).json()) as {
    data: { checkout_id: string; checkout_url: string };
  };
  const link = (await (await post(service, '/v2/payment-links', paymentLinkRequest())).json()) as {
    id: string;
  };
  return {
    service,
    checkoutId: created.data.checkout_id,
    checkoutToken: new URL(created.data.checkout_url).searchParams.get('token') ?? '',
    linkId: link.id,
  };
};

/**
 * The hosted pages and the dashboard (D29, `pages/pages.ts`) answer HTML for shoppers and the merchant,
 * not the API's JSON: the error shape of D2 is the API's, so only the API paths are held to it. Every
 * path is held to `x-request-id` (D2), "no 5xx" and "a refusal changes nothing".
 */
const hostedPagePath = (pathname: string): boolean =>
  /^\/(?:checkout|pay)\/[^/]+(?:\/(?:pay|cancel))?$/.test(pathname) ||
  /^\/dashboard(?:\/.*)?$/.test(pathname);

const PAGE_PATHS = [
  '/checkout/:id',
  '/checkout/:id/pay',
  '/checkout/:id/cancel',
  '/pay/:id',
  '/pay/:id/pay',
  '/pay/:id/cancel',
  '/dashboard',
  '/dashboard/api-keys',
  '/dashboard/:id',
];

const segment = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '0',
    '-1',
    ' ',
    'abc',
    'cs_x',
    'plink_x',
    '%',
    '%E0%A4%A',
    'ord_1',
    '99999999999999999999',
  ),
  fc.string({ maxLength: 8 }),
);
const withId = (path: string, id: string): string => path.replace(/:[a-z_]+/g, encodeURIComponent(id));
const pathArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...routes.map((route) => route.path)),
      fc.constantFrom('/api/v2', '/v2', '/v3', ''),
      segment,
    )
    .map(([path, prefix, id]) => `${prefix}${withId(path, id)}`),
  fc.tuple(fc.constantFrom(...PAGE_PATHS), segment).map(([path, id]) => withId(path, id)),
);
const queryArb = fc.array(
  fc.tuple(
    fc.constantFrom(
      'limit',
      'starting_after',
      'status',
      'hsa_fsa_eligible',
      'created_after',
      'type',
      'token',
      'embed_origin',
      'mode',
      'x',
      '',
    ),
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('$checkout_token', '$dashboard_token')),
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
  contentType: fc.constantFrom(
    'application/json',
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/merge-patch+json',
    '',
  ),
  idempotencyKey: fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
});

test('random and malformed requests never answer 5xx, always carry an x-request-id, refuse with the API error shape (HTML on hosted pages), and leave the store unchanged when refused', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
      pathArb,
      queryArb,
      bodyArb,
      headerArb,
      async (method, path, query, body, headers) => {
        const { service, checkoutId, checkoutToken, linkId } = await freshService();
        const before = storeSnapshot(service);
        const secrets: Record<string, string> = {
          $checkout_token: checkoutToken,
          $dashboard_token: service.dashboardToken,
        };
        const search = new URLSearchParams(
          query.map(([name, value]) => [name, secrets[value] ?? value]),
        ).toString();
        const all: Record<string, string> = {};
        if (headers.authorization === 'valid') all['authorization'] = `Bearer ${service.keys.test}`;
        else if (headers.authorization === 'live') all['authorization'] = `Bearer ${service.keys.live}`;
        else if (headers.authorization !== 'none') all['authorization'] = headers.authorization;
        if (headers.contentType !== '') all['content-type'] = headers.contentType;
        if (headers.idempotencyKey !== undefined)
          all['idempotency-key'] = headers.idempotencyKey.replace(/[^\x20-\x7e]/g, '');
        const target = path.replace('cs_x', checkoutId).replace('plink_x', linkId);
        const url = new URL(`${BASE}${target}${search === '' ? '' : `?${search}`}`);
        const init: RequestInit = { method, headers: all };
        if (method !== 'GET' && method !== 'DELETE') init.body = body;
        const response = await service.handle(new Request(url, init));
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9A-Za-z]{24}$/);
        if (hostedPagePath(url.pathname)) {
          if (response.status >= 400) {
            expect(response.headers.get('content-type')).toMatch(/^text\/html/);
            expect(storeSnapshot(service)).toBe(before);
          }
          return;
        }
        if (response.status >= 400) {
          expect(ErrorBody.safeParse(await response.json()).success).toBe(true);
          expect(storeSnapshot(service)).toBe(before);
        }
      },
    ),
    { numRuns: 300 },
  );
}, 30_000);

test.each([
  ['a JSON body', 'application/json', '{}'],
  ['an empty form', 'application/x-www-form-urlencoded', ''],
  ['a malformed card number', 'application/x-www-form-urlencoded', 'card_number=123'],
])('a refused POST on a payment link page (%s) leaves the store unchanged', async (_name, type, body) => {
  const { service, linkId } = await freshService();
  const before = storeSnapshot(service);
  const response = await service.handle(
    new Request(`${BASE}/pay/${linkId}/pay`, { method: 'POST', headers: { 'content-type': type }, body }),
  );
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(storeSnapshot(service)).toBe(before);
});
