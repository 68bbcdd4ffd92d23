import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test } from 'vitest';
import type { OpenApiDocument } from '../../src/http/openapi/build-document.ts';
import { openApiDocument } from '../../src/http/openapi-document.ts';
import { createMockService } from '../../src/index.ts';
import { inspectEveryAnswer } from '../support/every-operation.ts';

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
});

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
