import { createMockService, openApiDocument } from '@glm/mock-server';
import { expect, test } from 'vitest';
import { Glm } from '../src/client.ts';

/** Helpers every resource inherits, which send nothing of their own. */
const NOT_CALLS = new Set(['constructor', 'check', 'pages', 'send']);

/** The reference server's endpoints, as `METHOD /path/{param}`, from the OpenAPI document its route table builds. */
const documented = Object.entries(openApiDocument().paths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({
    name: `${method.toUpperCase()} ${path}`,
    pattern: new RegExp(`^${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  })),
);

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

test('every call of the SDK reaches an endpoint of the reference server, and every endpoint but the document has a call', async () => {
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
  const calls: string[] = [];
  const reached = new Set<string>();
  for (const [resourceName, resource] of resources) {
    for (const name of methodsOf(resource)) {
      const before = sent.length;
      const method = (resource as Record<string, (...args: unknown[]) => PromiseLike<unknown>>)[name];
      await Promise.resolve(method?.call(resource, 'x1', {})).then(
        () => undefined,
        () => undefined,
      );
      const requests = sent.slice(before);
      expect(requests, `${resourceName}.${name} sent no request`).not.toEqual([]);
      for (const request of requests) {
        const endpoint = documented.find(({ pattern }) => pattern.test(request));
        expect(endpoint, `${resourceName}.${name} sent ${request}, which no endpoint answers`).toBeDefined();
        if (endpoint !== undefined) reached.add(endpoint.name);
      }
      calls.push(`${resourceName}.${name}`);
    }
  }
  // A guard against enumerating nothing: the client and its test helpers have dozens of calls.
  expect(calls.length).toBeGreaterThan(30);
  const unreached = documented.map(({ name }) => name).filter((name) => !reached.has(name));
  // The document and the readiness probe are for tools and scripts, not for a merchant's code.
  // Restarting coverage and setting future mode are the suite's setup, done with `mock.clearCoverage()`,
  // `createMockService({ future })`, `glm-mock serve --future` or plain HTTP: the SDK's `import { Glm }`
  // budget has no room for them.
  expect(unreached, 'endpoints no SDK call reaches').toEqual([
    'DELETE /test_helpers/coverage',
    'GET /test_helpers/future',
    'POST /test_helpers/future',
    'GET /openapi.json',
    'GET /healthz',
  ]);
});
