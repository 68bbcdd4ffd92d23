import { FaultRule, MerchantWithKeys } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { routes } from '../../src/http/routes.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';
import { buildWorld, MINIMAL_BODIES, pathFor } from '../support/world.ts';

// D34: another merchant's object ids are 404 not_found on every route, test helpers included, and
// every list leaves them out. The world (every kind of object) is built in the first merchant; a second
// merchant on the same server asks for each of them.

describe.each(TRANSPORTS)('another merchant over %s', (transport) => {
  const harness = useHarness(transport);

  test("every route with an id answers another merchant's id 404 not_found, and changes nothing", async () => {
    const h = harness();
    const world = await buildWorld(h);
    const rule = FaultRule.parse(
      (await h.request('POST', '/v2/test_helpers/faults', { body: { fault: { status: 503 }, times: null } }))
        .body,
    );
    const keyId = /^glm_test_([0-9A-Za-z]+)\./.exec(h.service.keys.test)?.[1] ?? '';
    const other = MerchantWithKeys.parse(
      (await h.request('POST', '/v2/test_helpers/merchants', { body: { name: 'other' } })).body,
    );
    const before = storeSnapshot(h.service);
    const faultsBefore = JSON.stringify(h.service.faults.list());
    const withId = routes.filter((route) => route.path.includes(':id'));
    expect(withId.length).toBeGreaterThanOrEqual(25);
    for (const route of withId) {
      const id = route.path.startsWith('/test_helpers/faults/')
        ? rule.id
        : route.path.startsWith('/test_helpers/api_keys/')
          ? keyId
          : undefined;
      const path = pathFor(route.path, world, id);
      const reply = await h.request(route.method, `/v2${path}`, {
        key: { raw: other.keys.test },
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { body: MINIMAL_BODIES[route.path] ?? {} }),
      });
      expect([reply.status, errorOf(reply).code], `${route.method} ${path}`).toEqual([404, 'not_found']);
    }
    // Nothing of the first merchant moved: its objects, its fault rule, its key.
    expect(storeSnapshot(h.service)).toBe(before);
    expect(JSON.stringify(h.service.faults.list())).toBe(faultsBefore);
    await h.request('DELETE', '/v2/test_helpers/faults');
    expect((await h.request('GET', '/v2/orders')).status).toBe(200);
  });

  test("every list of another merchant leaves the first merchant's objects out", async () => {
    const h = harness();
    const world = await buildWorld(h);
    const other = MerchantWithKeys.parse(
      (await h.request('POST', '/v2/test_helpers/merchants', { body: {} })).body,
    );
    const ids = Object.values(world).filter((value): value is string => typeof value === 'string');
    const lists = routes.filter(
      (route) => route.method === 'GET' && !route.path.includes(':id') && route.public !== true,
    );
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const route of lists) {
      const reply = await h.request('GET', `/v2${route.path}`, { key: { raw: other.keys.test } });
      expect(reply.status, route.path).toBe(200);
      const text = JSON.stringify(reply.body);
      for (const id of ids) expect(text, `${route.path} shows ${id}`).not.toContain(id);
    }
    // The first merchant's products are numbered from 1; the other merchant has none of its own.
    const product = await h.request('GET', `/v2/products/${world.productId}`, {
      key: { raw: other.keys.test },
    });
    expect(product.status).toBe(404);
  });
});
