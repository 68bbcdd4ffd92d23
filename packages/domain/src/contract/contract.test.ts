// biome-ignore lint/style/noRestrictedImports: the test reads the entry's own sources from disk.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.ts';
import * as testHelpers from '../test-helpers.ts';
import { fillExample } from './examples.ts';
import { type OperationId, ROUTES, type Route } from './index.ts';

const schemas: Readonly<Record<string, unknown>> = { ...domain, ...testHelpers };
const schemaNamed = (name: string): z.ZodType => {
  const schema = schemas[name];
  if (!(schema instanceof z.ZodType)) throw new TypeError(`@glm/domain exports no schema named ${name}`);
  return schema;
};
const ids = { orderId: 'ord_example', customerId: 'cus_example', paymentMethodId: 'pm_example' };
const entries = Object.entries(ROUTES) as [OperationId, Route][];

/** The OpenAPI document's own answer, whose schema the server that writes the document defines. */
const SERVER_SCHEMAS = new Set(['OpenApiDocumentBody']);

test.each(entries)('%s names schemas @glm/domain exports', (_id, route) => {
  if (!SERVER_SCHEMAS.has(route.answer)) expect(schemaNamed(route.answer)).toBeInstanceOf(z.ZodType);
  for (const name of [route.body, route.query]) {
    if (name !== undefined) expect(schemaNamed(name)).toBeInstanceOf(z.ZodType);
  }
});

test.each(entries)('%s has one valid example request, which its schema and rules accept', (_id, route) => {
  const { example } = route;
  const schema = route.body ?? route.query;
  const input = route.body === undefined ? example.query : example.body;
  if (example.fromResponseOf !== undefined) {
    expect(ROUTES[example.fromResponseOf as OperationId].method).toBe('GET');
  } else if (schema !== undefined && route.rules !== undefined && input !== undefined) {
    const parsed = domain.parseRequest(
      schemaNamed(schema),
      fillExample(input, ids),
      route.rules as domain.RequestOperation,
    );
    expect(parsed.ok ? 'valid' : parsed.message).toBe('valid');
  } else if (route.body !== undefined) {
    expect.fail(`${_id} has a body schema and no example body`);
  } else if (route.method === 'POST') {
    expect(example.body, 'a POST without a schema sends an empty object').toEqual({});
  } else {
    expect(example.body).toBeUndefined();
  }
});

test('an endpoint with a body or a query schema has validation rules, and one without has none', () => {
  for (const [id, route] of entries) {
    expect('rules' in route, id).toBe('body' in route || 'query' in route);
  }
});

test('rows that name the same validation rules agree on them, so the parser reads one set of rules per name', () => {
  const byName = new Map<string, string>();
  for (const [id, route] of entries) {
    if (route.rules === undefined) continue;
    const rules = JSON.stringify({ body: route.body !== undefined, validation: route.validation ?? {} });
    expect(byName.get(route.rules) ?? rules, id).toBe(rules);
    byName.set(route.rules, rules);
  }
  expect(domain.REQUEST_OPERATIONS['product.create']).toEqual({
    kind: 'body',
    amounts: { price: 'invalid_price' },
    currency: true,
  });
});

test('operation ids, and method with path, are unique', () => {
  const keys = entries.map(([, route]) => `${route.method} ${route.path}`);
  expect(new Set(keys).size).toBe(keys.length);
});

test('the contract entry imports nothing at run time from outside its folder, so it carries no zod', () => {
  const folder = new URL('.', import.meta.url);
  const sources = readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.includes('.test'));
  const outside = sources.flatMap((name) =>
    [...readFileSync(new URL(name, folder), 'utf8').matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)]
      .map((match) => match[1] ?? '')
      .filter((specifier) => !specifier.startsWith('./'))
      .map((specifier) => `${name}: ${specifier}`),
  );
  expect(sources.length).toBeGreaterThan(3);
  expect(outside).toEqual([]);
});
