import { ErrorBody } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { routes } from '../../src/http/routes.ts';
import { errorOf, type Reply, TRANSPORTS, useHarness } from '../support/harness.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';
import { buildWorld, MINIMAL_BODIES, pathFor, type World } from '../support/world.ts';

const PREFIXES = ['/api/v2', '/v2'] as const;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** The methods of each path of the route table, in table order. */
const methodsByPath = new Map<string, string[]>();
for (const route of routes)
  methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);

/** Ids that name nothing, for routes whose answer comes before any lookup. */
const NOWHERE: World = {
  productId: 1,
  openCheckoutId: 'x1',
  orderId: 'x1',
  disputedOrderId: 'x1',
  linkId: 'x1',
  refundId: 'x1',
  disputeId: 'x1',
  endpointId: 'x1',
  deliveryId: 'x1',
  customerId: 'x1',
  paymentMethodId: 'x1',
  subscriptionId: 'x1',
  eventId: 'x1',
  authorizedOrderId: 'x1',
};

/** An answer the router gave, not the route: 405, or a 404 for a path it does not know. */
const routingRefusal = (reply: Reply): boolean =>
  reply.status === 405 ||
  (reply.status === 404 && String(errorOf(reply).message ?? '').startsWith('No route for'));

/** A body without the checkout envelope's per-request parts (`metadata.request_id`, and `success` on errors). */
const comparable = (body: unknown): unknown => {
  if (typeof body !== 'object' || body === null || !('metadata' in body)) return body;
  const { metadata: _, ...rest } = body as Record<string, unknown>;
  if (rest['success'] === false) delete rest['success'];
  return rest;
};

describe.each(TRANSPORTS)('the route table over %s', (transport) => {
  const harness = useHarness(transport);

  test('every GET route answers the same 200 body under /api/v2 and /v2 (D1)', async () => {
    const h = harness();
    const world = await buildWorld(h);
    for (const route of routes.filter((candidate) => candidate.method === 'GET')) {
      const path = pathFor(route.path, world);
      const [api, short] = await Promise.all(PREFIXES.map((prefix) => h.request('GET', `${prefix}${path}`)));
      expect([api?.status, short?.status], path).toEqual([200, 200]);
      // The journal and coverage hold the two requests themselves, each seen by the other or not.
      if (route.path === '/test_helpers/requests' || route.path === '/test_helpers/coverage') continue;
      expect(comparable(api?.body), path).toEqual(comparable(short?.body));
    }
  }, 20_000); // two answers of every GET route, each checked by the validating proxy (test/support/openapi-proxy.ts)

  test('every other route is reached under both prefixes alike: an unknown id is the same 404 from the route, never the router', async () => {
    const h = harness();
    const world = await buildWorld(h);
    for (const route of routes.filter((candidate) => candidate.method !== 'GET')) {
      const unknown = route.path.startsWith('/products/') ? '999999' : 'zz_unknown';
      const path = pathFor(route.path, world, unknown);
      const replies: Reply[] = [];
      for (const prefix of PREFIXES) {
        replies.push(
          await h.request(route.method, `${prefix}${path}`, {
            body: MINIMAL_BODIES[route.path] ?? (route.method === 'DELETE' ? undefined : {}),
          }),
        );
      }
      const [api, short] = replies;
      if (api === undefined || short === undefined) throw new Error('no reply');
      expect(routingRefusal(api), `${route.method} /api/v2${path}`).toBe(false);
      expect(routingRefusal(short), `${route.method} /v2${path}`).toBe(false);
      expect([short.status, errorOf(short).code], `${route.method} ${path}`).toEqual([
        api.status,
        errorOf(api).code,
      ]);
      if (route.path.includes(':id')) expect(api.status, `${route.method} ${path}`).toBe(404);
    }
  });

  test('every known path answers a method it does not take with 405 and an Allow header of those it does', async () => {
    const h = harness();
    const before = storeSnapshot(h.service);
    for (const [path, allowed] of methodsByPath) {
      for (const method of METHODS.filter((candidate) => !allowed.includes(candidate))) {
        for (const prefix of PREFIXES) {
          const target = `${prefix}${pathFor(path, NOWHERE, 'x1')}`;
          const reply = await h.request(method, target, method === 'GET' ? {} : { body: {} });
          expect([reply.status, errorOf(reply).code], `${method} ${target}`).toEqual([
            405,
            'method_not_allowed',
          ]);
          expect(reply.headers.get('allow'), `${method} ${target}`).toBe(allowed.join(', '));
          expect(ErrorBody.safeParse(reply.body).success).toBe(true);
        }
      }
    }
    expect(storeSnapshot(h.service)).toBe(before);
  });

  test('without a key every API route answers the same 401 body, and only the OpenAPI document needs none', async () => {
    const h = harness();
    const bodies = new Set<string>();
    for (const route of routes) {
      const reply = await h.request(route.method, `/v2${pathFor(route.path, NOWHERE, 'x1')}`, {
        key: null,
      });
      if (route.public === true) {
        expect(reply.status, route.path).toBe(200);
        continue;
      }
      expect(reply.status, `${route.method} ${route.path}`).toBe(401);
      bodies.add(JSON.stringify(comparable(reply.body)));
      if (route.envelope !== undefined) {
        // Checkout errors carry the envelope around the same error (D2).
        expect(reply.body).toMatchObject({
          success: false,
          metadata: { request_id: reply.headers.get('x-request-id') },
        });
      }
    }
    expect([...bodies]).toEqual([
      JSON.stringify({ error: { code: 'unauthorized', message: 'Invalid or missing API key.' } }),
    ]);
  });

  test('every test-helper route answers 403 forbidden to a live key and changes nothing (D28)', async () => {
    const h = harness();
    const world = await buildWorld(h);
    const before = storeSnapshot(h.service);
    const helpers = routes.filter((route) => route.testOnly === true);
    expect(helpers.length).toBeGreaterThan(20);
    for (const route of helpers) {
      const reply = await h.request(route.method, `/v2${pathFor(route.path, world)}`, {
        key: 'live',
        ...(route.method === 'POST' ? { body: {} } : {}),
      });
      expect([reply.status, errorOf(reply).code], `${route.method} ${route.path}`).toEqual([
        403,
        'forbidden',
      ]);
    }
    expect(storeSnapshot(h.service)).toBe(before);
    expect(h.service.listWebhookEndpoints().map((endpoint) => endpoint.id)).toEqual([world.endpointId]);
  });
});
