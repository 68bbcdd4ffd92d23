import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test } from 'vitest';
import type { OpenApiDocument } from '../../src/http/openapi/build-document.ts';
import { openApiDocument } from '../../src/http/openapi-document.ts';
import { createMockService } from '../../src/index.ts';
import { callEveryOperation, inspectEveryAnswer } from '../support/every-operation.ts';
import { proxyProblems } from '../support/openapi-proxy.ts';

// Formats (date-time, email, uri) are annotations here; the schemas' own patterns carry the checks.
const newAjv = () => new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

const everySchema = (document: OpenApiDocument): [string, unknown][] => [
  ...Object.entries(document.components.schemas).map(([name, schema]): [string, unknown] => [name, schema]),
  ...Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      (operation.parameters ?? []).map((parameter): [string, unknown] => [
        `${method} ${path} ${String(parameter['name'])}`,
        parameter['schema'],
      ]),
    ),
  ),
];

test('every schema of the document is a valid JSON Schema 2020-12', () => {
  const ajv = newAjv();
  for (const [name, schema] of everySchema(openApiDocument())) {
    expect(ajv.validateSchema(schema as object), `${name}: ${ajv.errorsText()}`).toBe(true);
  }
});

// Compiling a validator for each documented answer dominates: the trigger's answer alone (two event
// unions, about 76 kB of schema) doubles it, to some 3 s on a quiet machine and 10 s on a busy one.
test('what the server answers matches the documented response of its operation and status', async () => {
  const document = openApiDocument();
  const ajv = newAjv();
  ajv.addSchema(document, 'openapi.json');
  const checked = new Set<string>();
  await inspectEveryAnswer(({ method, path, template, status, body, schemaRef }) => {
    expect(schemaRef, `${method} ${template} does not document ${status}`).toBeDefined();
    const validate = ajv.getSchema(`openapi.json${schemaRef}`);
    if (validate === undefined) throw new Error(`${schemaRef} does not resolve`);
    expect(validate(body), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    checked.add(`${method} ${template} ${status}`);
  });

  const exercised = new Set([...checked].map((entry) => entry.split(' ').slice(0, 2).join(' ')));
  const unexercised = Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((operation) => !exercised.has(operation));
  expect(unexercised, 'operations this scenario does not call yet: add a call').toEqual([]);
}, 30_000);

// A value the documented schema allows, enough to ask the server whether it knows the parameter.
const sample = (schema: Record<string, unknown>): string => {
  if (Array.isArray(schema['enum'])) return String(schema['enum'][0]);
  if (schema['type'] === 'boolean') return 'true';
  if (schema['type'] === 'integer')
    return String(Number(schema['minimum'] ?? Number(schema['exclusiveMinimum'] ?? 0) + 1));
  if (schema['format'] === 'date-time') return '2025-01-01T00:00:00Z';
  return 'x';
};

test('the server knows every documented query parameter', async () => {
  const service = createMockService({ rateLimit: false });
  const document = openApiDocument();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const parameter of methods['get']?.parameters ?? []) {
      if (parameter['in'] !== 'query') continue;
      const name = String(parameter['name']);
      const value = sample(Object(parameter['schema']) as Record<string, unknown>);
      const response = await service.handle(
        new Request(`http://127.0.0.1/v2${path}?${name}=${encodeURIComponent(value)}`, {
          headers: { authorization: `Bearer ${service.keys.test}` },
        }),
      );
      const body = (await response.json()) as { error?: { message?: string } };
      expect(body.error?.message ?? '', `GET ${path}?${name}=${value}`).not.toMatch(/^Unknown parameter/);
    }
  }
});

test('a validating proxy built from the document lets through every request and answer of the scenario', async () => {
  const service = createMockService({
    rateLimit: false,
    now: '2025-03-01T12:00:00.000Z',
    webhooks: { fetch: async () => new Response('ok', { status: 200 }) },
  });
  const problems: string[] = [];
  let exchanges = 0;
  await callEveryOperation(async (method, path, body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${service.keys.test}` };
    const text = body === undefined ? undefined : JSON.stringify(body);
    if (text !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers, ...(text === undefined ? {} : { body: text }) };
    const response = await service.handle(new Request(`http://127.0.0.1/v2${path}`, init));
    const answer = (await response.json()) as Record<string, unknown>;
    exchanges++;
    problems.push(
      ...proxyProblems({
        method,
        target: `/v2${path}`,
        requestHeaders: headers,
        requestBody: text,
        status: response.status,
        responseHeaders: response.headers,
        responseBody: answer,
      }),
    );
    return answer;
  });
  expect(exchanges).toBeGreaterThan(40);
  expect(problems).toEqual([]);
});

test('the validating proxy refuses what the document refuses: it is not a check that cannot fail', () => {
  const exchange = {
    method: 'POST',
    target: '/v2/products',
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: JSON.stringify({ name: 'A', price: -1, currency: 'usd', extra: true }),
    status: 201,
    responseHeaders: new Headers({ 'x-surprise': '1' }),
    responseBody: { id: 'not an integer' },
  };
  const problems = proxyProblems(exchange).join('\n');
  const list = proxyProblems({
    ...exchange,
    method: 'GET',
    target: '/v2/products?unknown=1&limit=500',
    requestBody: undefined,
  }).join('\n');
  expect(list).toMatch(/query parameter unknown is not documented/);
  expect(list).toMatch(/query limit=500: .*<= 100/);
  const asText = { ...exchange, requestHeaders: { 'content-type': 'text/plain' } };
  expect(proxyProblems(asText).join('\n')).toMatch(/documents no text\/plain request body/);
  // The server reads every application/…+json body as JSON, and so does the document.
  const good = JSON.stringify({ name: 'A', price: 1, currency: 'usd' });
  const asMergePatch = {
    requestHeaders: { 'content-type': 'application/merge-patch+json' },
    requestBody: good,
  };
  expect(proxyProblems({ ...exchange, ...asMergePatch }).join('\n')).not.toMatch(/ request: /);
  expect(problems).toMatch(/request body: .*price.*>= 0/);
  expect(problems).toMatch(/request body: .*additional properties/);
  expect(problems).toMatch(/no x-request-id header/);
  expect(problems).toMatch(/the x-surprise header is not documented/);
  expect(problems).toMatch(/answer body: .*id/);
});
