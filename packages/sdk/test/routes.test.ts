import { type OperationId, ROUTES, type Route } from '@glm/domain/contract';
import { createMockService } from '@glm/mock-server';
import { expect, test } from 'vitest';
import { Glm } from '../src/client.ts';

/** Helpers every resource inherits, which send nothing of their own. */
const NOT_CALLS = new Set(['constructor', 'check', 'pages', 'send']);

/** Every public method of a resource and its parents, each once. */
function methodsOf(resource: object): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(resource);
    proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (!NOT_CALLS.has(name) && typeof proto[name] === 'function') names.add(name);
    }
  }
  return [...names];
}

/** A client whose every request is recorded as `METHOD /path` (under the version prefix) and answered 500. */
function recordingClient(): { glm: Glm; sent: string[] } {
  const sent: string[] = [];
  const glm = new Glm({
    apiKey: createMockService().keys.test,
    baseUrl: 'https://api.glm.test',
    maxRetries: 0,
    logLevel: 'off',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const { pathname } = new URL(request.url);
      sent.push(`${request.method} ${pathname.replace(/^\/api\/v2|^\/v2/, '')}`);
      return new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } });
    },
  });
  return { glm, sent };
}

/** The endpoints with an SDK call, as `[operation id, row]`. */
const called = (Object.entries(ROUTES) as [OperationId, Route][]).filter(
  ([, route]) => route.sdk !== undefined,
);

test.each(called)('%s: the SDK call its row names sends its method and path', async (_id, route) => {
  const { glm, sent } = recordingClient();
  const names = (route.sdk ?? '').split('.');
  const call = names.pop() ?? '';
  const resource = names.reduce<unknown>((at, name) => (at as Record<string, unknown>)[name], glm) as Record<
    string,
    (...args: unknown[]) => PromiseLike<unknown>
  >;
  await Promise.resolve(resource[call]?.call(resource, 'x1', {})).then(
    () => undefined,
    () => undefined,
  );
  const pattern = new RegExp(`^${route.method} ${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatch(pattern);
});

test('every call of the SDK is the call of a row of the route table', () => {
  const { glm } = recordingClient();
  const { testHelpers, ...clientResources } = {
    products: glm.products,
    checkout: glm.checkout,
    paymentLinks: glm.paymentLinks,
    orders: glm.orders,
    refunds: glm.refunds,
    subscriptions: glm.subscriptions,
    testHelpers: glm.testHelpers,
  };
  const resources: [string, object][] = [
    ...Object.entries(clientResources),
    // Calls on the group itself (reset).
    ['testHelpers', testHelpers],
    ...Object.entries(testHelpers).map(([name, resource]): [string, object] => [
      `testHelpers.${name}`,
      resource,
    ]),
  ];
  const calls = resources.flatMap(([resourceName, resource]) =>
    methodsOf(resource).map((name) => `${resourceName}.${name}`),
  );
  // A guard against enumerating nothing: the client and its test helpers have dozens of calls.
  expect(calls.length).toBeGreaterThan(30);
  expect(calls.sort()).toEqual(called.map(([, route]) => route.sdk).sort());
});
