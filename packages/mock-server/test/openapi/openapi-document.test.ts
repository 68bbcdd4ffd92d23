import { ERROR_STATUS } from '@glm/domain';
import { compileErrors, validate } from '@readme/openapi-parser';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type OpenApiDocument,
  type OpenApiOperation,
  toOpenApiPath,
} from '../../src/http/openapi/build-document.ts';
import { openApiDocument } from '../../src/http/openapi-document.ts';
import { createRouter } from '../../src/http/router.ts';
import { routes } from '../../src/http/routes.ts';
import { createMockService } from '../../src/index.ts';
import { TRANSPORTS, useHarness } from '../support/harness.ts';

type Documented = { readonly method: string; readonly path: string; readonly operation: OpenApiOperation };

const documented = (document: OpenApiDocument): Documented[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );

const find = (document: OpenApiDocument, method: string, path: string): OpenApiOperation => {
  const operation = document.paths[path]?.[method];
  if (operation === undefined) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
  return operation;
};

const queryParameter = (operation: OpenApiOperation, name: string): Record<string, unknown> | undefined =>
  operation.parameters?.find((parameter) => parameter['in'] === 'query' && parameter['name'] === name);

test('the document is a valid OpenAPI 3.1 document', async () => {
  const document = openApiDocument();
  // The parser dereferences what it is given; it gets a copy.
  const result = await validate(structuredClone(document) as never);
  expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  expect(result.warnings).toEqual([]);
  expect(document.openapi).toMatch(/^3\.1\.\d+$/);
});

test('every route of the route table is documented, and every documented operation is a route', () => {
  const served = new Set(routes.map((route) => `${route.method} ${toOpenApiPath(route.path)}`));
  const inDocument = new Set(documented(openApiDocument()).map(({ method, path }) => `${method} ${path}`));
  const undocumented = [...served].filter((operation) => !inDocument.has(operation));
  const unserved = [...inDocument].filter((operation) => !served.has(operation));
  expect(undocumented, 'routes the document does not describe').toEqual([]);
  expect(unserved, 'documented operations that no route answers').toEqual([]);
});

test('the router matches every documented path, whatever its parameter values, to the route it documents', () => {
  const router = createRouter(routes, 'path');
  const literals = new Set(routes.flatMap((route) => route.path.split('/')));
  const segment = fc
    .string({ minLength: 1, maxLength: 24 })
    .filter((value) => !value.includes('/') && !literals.has(value));
  const operations = documented(openApiDocument());
  fc.assert(
    fc.property(fc.constantFrom(...operations), segment, ({ method, path }, value) => {
      const concrete = path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
      const match = router.match(method, concrete);
      expect(match.kind).toBe('found');
      if (match.kind === 'found') expect(toOpenApiPath(match.route.path)).toBe(path);
    }),
  );
});

test('the servers are the base URL under both version prefixes, and each call answers a fresh copy', () => {
  const first = openApiDocument({ baseUrl: 'http://localhost:4010/' });
  expect(first.servers.map((server) => server.url)).toEqual([
    'http://localhost:4010/api/v2',
    'http://localhost:4010/v2',
  ]);
  (first.paths as Record<string, unknown>)['/products'] = undefined;
  expect(openApiDocument().paths['/products']).toBeDefined();
});

test('only test-helper routes document 403 forbidden, and only the public document route needs no key', () => {
  const document = openApiDocument();
  for (const route of routes) {
    const operation = find(document, route.method.toLowerCase(), toOpenApiPath(route.path));
    expect(operation.responses['403'] !== undefined, `${route.method} ${route.path}`).toBe(
      route.testOnly === true,
    );
    expect(operation.responses['401'] === undefined, `${route.method} ${route.path}`).toBe(
      route.public === true,
    );
    expect(operation.security?.length === 0, `${route.method} ${route.path}`).toBe(route.public === true);
  }
});

test('every error answer carries the error body, in the checkout envelope on checkout routes', () => {
  const document = openApiDocument();
  for (const route of routes) {
    const operation = find(document, route.method.toLowerCase(), toOpenApiPath(route.path));
    const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
    // Every route, the public one too, may meet the standalone server's refusals (431, 408).
    expect(errors.length, `${route.method} ${route.path}`).toBeGreaterThan(0);
    const body = route.envelope === undefined ? 'ErrorBody' : 'CheckoutErrorBody';
    for (const [status, response] of errors) {
      expect(response['content'], `${route.method} ${route.path} ${status}`).toEqual({
        'application/json': { schema: { $ref: `#/components/schemas/${body}` } },
      });
      const codes = [...String(response['description']).matchAll(/`([a-z_]+)`:/g)].map((match) => match[1]);
      for (const code of codes) expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(Number(status));
    }
  }
});

test('a rate-limited answer documents Retry-After, and answers after authentication the D13 headers', () => {
  const operation = find(openApiDocument(), 'get', '/orders/{id}');
  const headers = (status: string) => Object.keys(Object(operation.responses[status]?.['headers']));
  expect(headers('429')).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'Retry-After']));
  expect(headers('200')).toEqual([
    'X-Request-Id',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
  ]);
  expect(headers('401')).toEqual(['X-Request-Id']);
});

test('query parameters are described by the values the server parses, not by their query-string spelling', () => {
  const operation = find(openApiDocument(), 'get', '/products');
  expect(queryParameter(operation, 'limit')).toMatchObject({
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
  });
  expect(queryParameter(operation, 'hsa_fsa_eligible')).toMatchObject({ schema: { type: 'boolean' } });
  expect(queryParameter(operation, 'starting_after')).toMatchObject({
    schema: { type: 'integer', exclusiveMinimum: 0 },
  });
  expect(queryParameter(operation, 'status')).toMatchObject({
    schema: { enum: ['active', 'inactive', 'archived'] },
  });
});

test('request bodies describe what a client sends and stay closed; responses stay open to new fields', () => {
  const { schemas } = openApiDocument().components;
  const create = schemas['ProductCreate'] ?? {};
  expect(create['required']).toEqual(['name', 'price', 'currency']);
  expect(create['additionalProperties']).toBe(false);
  // Said in words: openapi-typescript makes a property with a `default` required in a component.
  expect(create['properties']).toMatchObject({ status: { description: 'Defaults to `active`.' } });
  expect(JSON.stringify(create)).not.toContain('"default"');
  expect(schemas['Product']?.['additionalProperties']).toBeUndefined();
  expect(schemas['OrderList']?.['properties']).toMatchObject({
    data: { items: { $ref: '#/components/schemas/Order' } },
  });
});

test('a body that may be empty is optional, one with required fields is required', () => {
  const document = openApiDocument();
  expect(find(document, 'post', '/payment-links/{id}/cancel').requestBody?.['required']).toBe(false);
  expect(find(document, 'post', '/products').requestBody?.['required']).toBe(true);
});

test('every documented limit of a list is one the server accepts, and one past it is refused', async () => {
  const service = createMockService({ rateLimit: false });
  const lists = documented(openApiDocument()).filter(
    ({ method, operation }) => method === 'GET' && queryParameter(operation, 'limit') !== undefined,
  );
  expect(lists.length).toBeGreaterThan(4);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...lists), fc.integer({ min: -5, max: 110 }), async (list, limit) => {
      const schema = Object(queryParameter(list.operation, 'limit')?.['schema']) as Record<string, number>;
      const inRange = limit >= (schema['minimum'] ?? 0) && limit <= (schema['maximum'] ?? 0);
      const response = await service.handle(
        new Request(`http://127.0.0.1/v2${list.path}?limit=${limit}`, {
          headers: { authorization: `Bearer ${service.keys.test}` },
        }),
      );
      expect(response.status, `${list.path}?limit=${limit}`).toBe(inRange ? 200 : 400);
    }),
    { numRuns: 60 },
  );
});

describe.each(TRANSPORTS)('GET /openapi.json over %s', (transport) => {
  const harness = useHarness(transport);

  test('answers the document without an API key, at the root and under both prefixes', async () => {
    const { request } = harness();
    const { servers: _servers, ...expected } = openApiDocument();
    for (const path of ['/openapi.json', '/v2/openapi.json', '/api/v2/openapi.json']) {
      const reply = await request('GET', path, { key: null });
      expect(reply.status, path).toBe(200);
      const { servers, ...body } = reply.body as OpenApiDocument;
      expect(body, path).toEqual(expected);
      expect(servers.map((server) => new URL(server.url).pathname)).toEqual(['/api/v2', '/v2']);
    }
  });

  test('outside the version prefixes nothing else answers, not even with a key', async () => {
    const { request } = harness();
    expect((await request('GET', '/products')).status).toBe(404);
    expect((await request('POST', '/openapi.json', { key: null })).status).toBe(404);
    expect((await request('POST', '/v2/openapi.json', { key: null })).status).toBe(405);
  });
});

test('the served document names the service base URL in its servers', async () => {
  const service = createMockService({ baseUrl: 'http://localhost:4010' });
  const response = await service.handle(new Request('http://localhost:4010/openapi.json'));
  const body = (await response.json()) as OpenApiDocument;
  expect(body.servers.map((server) => server.url)).toEqual([
    'http://localhost:4010/api/v2',
    'http://localhost:4010/v2',
  ]);
});

type Schema = Record<string, unknown>;

/** Every schema object of the document (components, parameters and their parts), depth first. */
function* schemaObjects(value: unknown): Generator<Schema> {
  if (Array.isArray(value)) for (const item of value) yield* schemaObjects(item);
  else if (typeof value === 'object' && value !== null) {
    yield value as Schema;
    for (const child of Object.values(value)) yield* schemaObjects(child);
  }
}

test('every union with a discriminator maps each value to the member whose discriminator is that value', () => {
  const { schemas } = openApiDocument().components;
  const unions = Object.entries(schemas).filter(([, schema]) => schema['discriminator'] !== undefined);
  expect(unions.map(([name]) => name)).toContain('Event');
  for (const [name, union] of unions) {
    const { propertyName, mapping } = union['discriminator'] as {
      propertyName: string;
      mapping: Record<string, string>;
    };
    const members = (union['oneOf'] as { $ref: string }[]).map((member) => member.$ref);
    expect(new Set(Object.values(mapping)), name).toEqual(new Set(members));
    for (const [value, ref] of Object.entries(mapping)) {
      const member = schemas[ref.replace('#/components/schemas/', '')] ?? {};
      expect(Object(member['properties'])[propertyName], `${name} ${value}`).toMatchObject({ const: value });
      expect(member['required'], `${name} ${value}`).toContain(propertyName);
    }
  }
});

test('no union in the document has a catch-all member beside its discriminated members', () => {
  const document = openApiDocument();
  const discriminators = new Set(
    Object.values(document.components.schemas).flatMap((schema) => {
      const discriminator = schema['discriminator'] as { propertyName?: string } | undefined;
      return discriminator?.propertyName === undefined ? [] : [discriminator.propertyName];
    }),
  );
  for (const schema of schemaObjects(document)) {
    const branches = (schema['anyOf'] ?? schema['oneOf']) as Schema[] | undefined;
    if (!Array.isArray(branches) || !branches.some((branch) => typeof branch['$ref'] === 'string')) continue;
    for (const branch of branches) {
      for (const key of discriminators) {
        const property = Object(branch['properties'])[key] as Schema | undefined;
        expect(
          property === undefined || 'const' in property || 'enum' in property,
          JSON.stringify(branch),
        ).toBe(true);
      }
    }
  }
});

test('event lists narrow on type: their items are the Event union, its unknown types said in words', () => {
  const { schemas } = openApiDocument().components;
  const items = Object(schemas['EventList']?.['properties']).data.items as Schema;
  // An event as received is a component of its own (`GET /events/{id}` and triggers answer it too):
  // it is the Event union, with the unknown types said in words.
  expect(items['$ref']).toBe('#/components/schemas/AnyEvent');
  const anyEvent = schemas['AnyEvent'] as Schema;
  expect(anyEvent['$ref']).toBe('#/components/schemas/Event');
  expect(anyEvent['description']).toMatch(/later API version may send types/);
});

test('URLs carry no format uri, and request-side currency codes take any case', () => {
  const document = openApiDocument();
  const formats = [...schemaObjects(document)].flatMap((schema) =>
    schema['format'] === 'uri' ? [JSON.stringify(schema)] : [],
  );
  expect(formats).toEqual([]);
  const checkout = document.components.schemas['CheckoutCreate'] ?? {};
  const currency = new RegExp(
    String(Object(checkout['properties']).line_items.items.properties.currency.pattern),
    'u',
  );
  expect(['usd', 'USD', ' Usd '].filter((code) => currency.test(code))).toHaveLength(3);
});

test('every operation has a description', () => {
  const missing = documented(openApiDocument())
    .filter(({ operation }) => operation.description.trim() === '')
    .map(({ method, path }) => `${method} ${path}`);
  expect(missing).toEqual([]);
});
