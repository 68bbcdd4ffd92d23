import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, OpenApiOperation } from '../../src/http/openapi/build-document.ts';
import { openApiDocument } from '../../src/http/openapi-document.ts';
import { PATH_PREFIXES } from '../../src/http/path-prefixes.ts';

// What a validating proxy built from the document (ajv with ajv-formats, as express-openapi-validator
// and the like use) says of one request and its answer: the reasons it would refuse either. The
// harness asks it of every exchange of the tests that use it, so "the server accepts it but the
// document refuses it" fails the test that sent it.

/** One request and what the server answered. */
export interface Exchange {
  readonly method: string;
  /** The URL path and query as sent (`/v2/products?limit=5`). */
  readonly target: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** The body as sent, if any. */
  readonly requestBody: string | undefined;
  readonly status: number;
  readonly responseHeaders: Headers;
  /** The decoded answer (JSON), or its text. */
  readonly responseBody: unknown;
}

type Schema = Record<string, unknown>;

interface Proxy {
  readonly document: OpenApiDocument;
  readonly ajv: Ajv2020;
  readonly compiled: WeakMap<object, ValidateFunction>;
}

let shared: Proxy | undefined;

// The document is the same on every call (its schemas are built once per route table), so one ajv
// instance with its compiled validators serves every test of a worker: nothing a test can change.
function proxy(): Proxy {
  if (shared !== undefined) return shared;
  const document = openApiDocument();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document as unknown as Schema, 'openapi.json');
  shared = { document, ajv, compiled: new WeakMap() };
  return shared;
}

function validator(schema: Schema): ValidateFunction {
  const { ajv, compiled } = proxy();
  const ref = schema['$ref'];
  if (
    typeof ref === 'string' &&
    Object.keys(schema).every((key) => key === '$ref' || key === 'description')
  ) {
    const found = ajv.getSchema(`openapi.json${ref}`);
    if (found === undefined) throw new Error(`${ref} does not resolve`);
    return found;
  }
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

const errorsOf = (validate: ValidateFunction): string => proxy().ajv.errorsText(validate.errors);

/** The documented operation a path and method name, with its path parameters. */
function findOperation(
  document: OpenApiDocument,
  method: string,
  path: string,
): { template: string; operation: OpenApiOperation; pathValues: Record<string, string> } | undefined {
  // Literal segments win over parameters, as the router's order does (`/products/check-eligibility`).
  const templates = Object.keys(document.paths).sort(
    (a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0),
  );
  for (const template of templates) {
    const names: string[] = [];
    const pattern = template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (match === null) continue;
    const operation = document.paths[template]?.[method.toLowerCase()];
    if (operation === undefined) return undefined;
    const pathValues = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    return { template, operation, pathValues };
  }
  return undefined;
}

/** A query, path or header value as the parameter's schema types it (OpenAPI's `style: form`). */
function typed(value: string, schema: Schema): unknown {
  if (schema['type'] === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  if (schema['type'] === 'number' && value.trim() !== '' && !Number.isNaN(Number(value)))
    return Number(value);
  if (schema['type'] === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Headers the transport or HTTP itself sends, which an API document does not describe. */
const TRANSPORT_HEADERS = new Set([
  'connection',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/** The documented media type entry a request's `Content-Type` falls under (`type/*` and `type/*+suffix` ranges). */
function mediaOf<T>(content: Record<string, T>, contentType: string): T | undefined {
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const [type = '', subtype = ''] = essence.split('/');
  for (const [range, entry] of Object.entries(content)) {
    const [rangeType, rangeSubtype = ''] = range.toLowerCase().split('/');
    if (rangeType !== type && rangeType !== '*') continue;
    if (rangeSubtype === subtype || rangeSubtype === '*') return entry;
    if (rangeSubtype.startsWith('*+') && subtype.endsWith(rangeSubtype.slice(1))) return entry;
  }
  return undefined;
}

function requestProblems(
  exchange: Exchange,
  operation: OpenApiOperation,
  pathValues: Record<string, string>,
  query: URLSearchParams,
): string[] {
  const problems: string[] = [];
  const parameters = operation.parameters ?? [];
  const headers = new Map(
    Object.entries(exchange.requestHeaders).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const parameter = (name: string) => parameters.find((candidate) => candidate['name'] === name);
  for (const documented of parameters) {
    if (documented['explode'] === true && Object(documented['schema'])['type'] === 'object') continue;
    const name = String(documented['name']);
    const schema = Object(documented['schema']) as Schema;
    const where = documented['in'];
    const given =
      where === 'path'
        ? decodeURIComponent(pathValues[name] ?? '')
        : where === 'query'
          ? (query.get(name) ?? undefined)
          : where === 'header'
            ? headers.get(name.toLowerCase())
            : undefined;
    if (given === undefined) {
      if (documented['required'] === true) problems.push(`the ${where} parameter ${name} is required`);
      continue;
    }
    const validate = validator(schema);
    if (!validate(typed(given, schema))) problems.push(`${where} ${name}=${given}: ${errorsOf(validate)}`);
  }
  const inQuery = parameters.filter((parameter) => parameter['in'] === 'query');
  const known = new Set(inQuery.map((parameter) => parameter['name']));
  // A free-form object parameter in `style: form` with `explode` takes every other key as a property.
  const freeForm = inQuery.find(
    (parameter) => parameter['explode'] === true && Object(parameter['schema'])['type'] === 'object',
  );
  for (const name of new Set(query.keys())) {
    if (known.has(name) && parameter(name) !== freeForm) continue;
    if (freeForm === undefined) {
      problems.push(`the query parameter ${name} is not documented`);
      continue;
    }
    const validate = validator(Object(freeForm['schema']) as Schema);
    if (!validate({ [name]: query.get(name) })) problems.push(`query ${name}: ${errorsOf(validate)}`);
  }
  const body = operation.requestBody;
  if (exchange.requestBody === undefined || exchange.requestBody === '') {
    if (body?.['required'] === true) problems.push('the request body is required');
    return problems;
  }
  const type = headers.get('content-type') ?? '';
  const json = mediaOf(Object(body?.['content']) as Record<string, { schema?: Schema }>, type);
  if (json?.schema === undefined) return [...problems, `the operation documents no ${type} request body`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(exchange.requestBody);
  } catch {
    return [...problems, 'the request body is not JSON'];
  }
  const validate = validator(json.schema);
  if (!validate(parsed)) problems.push(`request body: ${errorsOf(validate)}`);
  return problems;
}

function answerProblems(exchange: Exchange, operation: OpenApiOperation): string[] {
  const response = operation.responses[String(exchange.status)] ?? operation.responses['default'];
  if (response === undefined) return [`the status ${exchange.status} is not documented`];
  const problems: string[] = [];
  const documented = new Map(
    Object.entries(Object(response['headers']) as Record<string, { $ref: string }>).map(([name, header]) => {
      const key = header.$ref.replace('#/components/headers/', '');
      return [name.toLowerCase(), proxy().document.components.headers[key] ?? {}];
    }),
  );
  for (const [name, header] of documented) {
    const value = exchange.responseHeaders.get(name);
    if (value === null) {
      if (header['required'] === true) problems.push(`the answer has no ${name} header`);
      continue;
    }
    const schema = Object(header['schema']) as Schema;
    const validate = validator(schema);
    if (!validate(typed(value, schema))) problems.push(`header ${name}: ${value}: ${errorsOf(validate)}`);
  }
  for (const name of exchange.responseHeaders.keys()) {
    if (!TRANSPORT_HEADERS.has(name) && !documented.has(name))
      problems.push(`the ${name} header is not documented`);
  }
  const json = Object(Object(response['content'])['application/json']) as { schema?: Schema };
  if (json.schema !== undefined) {
    const validate = validator(json.schema);
    if (!validate(exchange.responseBody)) problems.push(`answer body: ${errorsOf(validate)}`);
  }
  return problems;
}

/**
 * Why a validating proxy built from the document would refuse this exchange: the request, when the
 * server accepted it (status below 400), and the answer, whatever its status. Empty when it would
 * pass both, or when the path is not an operation of the document (unknown routes and methods).
 */
export function proxyProblems(exchange: Exchange): string[] {
  const url = new URL(exchange.target, 'http://proxy.invalid');
  const prefix = PATH_PREFIXES.find((candidate) => url.pathname.startsWith(`${candidate}/`));
  if (prefix === undefined) return [];
  // A fault the test asked for (the `Glm-Mock-Fault` header) answers what it asked, not the document;
  // so does a request that asks for a later API version (`Glm-Mock-Future`), and an answer marked as one.
  const asked = Object.keys(exchange.requestHeaders).some((name) =>
    ['glm-mock-fault', 'glm-mock-future'].includes(name.toLowerCase()),
  );
  if (asked || exchange.responseHeaders.has('glm-mock-future')) return [];
  const { document } = proxy();
  const found = findOperation(document, exchange.method, url.pathname.slice(prefix.length));
  if (found === undefined) return [];
  const request =
    exchange.status < 400
      ? requestProblems(exchange, found.operation, found.pathValues, url.searchParams)
      : [];
  const prefixOf = (side: string) => (problem: string) =>
    `${exchange.method} ${found.template} ${exchange.status} ${side}: ${problem}`;
  return [
    ...request.map(prefixOf('request')),
    ...answerProblems(exchange, found.operation).map(prefixOf('answer')),
  ];
}
