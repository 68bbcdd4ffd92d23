import { ERROR_STATUS, type ErrorCode, REQUEST_OPERATIONS } from '@glm/domain';
import type { Endpoint } from '../endpoint.ts';
import { PATH_PREFIXES } from '../path-prefixes.ts';
import { documentComponents } from './components.ts';
import { componentSchemas, inlineSchema, queryParameters } from './json-schema.ts';
import { operationDescription } from './operation-description.ts';
import { OPERATION_TAGS } from './operation-doc.ts';
import { componentName } from './schema-names.ts';
import { COMPONENT_SCHEMA_PREFIX, type JsonSchema } from './schema-types.ts';

/** The OpenAPI version the document follows. */
const OPENAPI_VERSION = '3.1.1';

/** An OpenAPI 3.1 Operation Object as the document writes it. */
export interface OpenApiOperation {
  /** Unique id. */
  readonly operationId: string;
  /** One-line summary. */
  readonly summary: string;
  /** Rules the schemas cannot carry, and what the route's flags mean for a caller. */
  readonly description: string;
  /** Its group. */
  readonly tags: readonly string[];
  /** Path, query and header parameters. */
  readonly parameters?: readonly Record<string, unknown>[];
  /** The request body. */
  readonly requestBody?: Record<string, unknown>;
  /** Answers by status code. */
  readonly responses: Readonly<Record<string, Record<string, unknown>>>;
  /** `[]` on an operation that needs no API key; absent where the document's default applies. */
  readonly security?: readonly Record<string, readonly string[]>[];
}

/** The OpenAPI 3.1 document of the reference server (the parts a reader or a tool looks up). */
export interface OpenApiDocument {
  /** The OpenAPI version, `3.1.x`. */
  readonly openapi: string;
  /** Title, version and description. */
  readonly info: {
    readonly title: string;
    readonly version: string;
    readonly description: string;
    readonly contact: { readonly name: string; readonly url: string };
    readonly license: { readonly name: string; readonly identifier: string };
  };
  /** One server per version prefix: every path answers under each. */
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  /** Tag descriptions. */
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  /** The default security requirement: the bearer API key. */
  readonly security: readonly Record<string, readonly string[]>[];
  /** Operations by path template (`/products/{id}`) and lower-case method. */
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  /** Schemas, headers and the security scheme. */
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly headers: Readonly<Record<string, Record<string, unknown>>>;
    readonly securitySchemes: Readonly<Record<string, Record<string, unknown>>>;
  };
}

/** Options of the document. */
export interface OpenApiDocumentOptions {
  /** Origin the servers are written under; default `http://127.0.0.1`. */
  readonly baseUrl?: string;
}

const SECURITY_SCHEME = 'apiKey';

/** Why each error code is answered, for the response descriptions. */
const ERROR_REASONS: Readonly<Record<ErrorCode, string>> = {
  invalid_request: 'a parameter is missing, mistyped or unknown, or the JSON is malformed',
  bad_request: 'a field is missing or mistyped, or the JSON is malformed',
  invalid_amount: 'the amount is not a positive integer of cents, or exceeds what is left',
  invalid_currency: 'the currency is not USD',
  invalid_price: 'the price is not a non-negative integer of cents',
  invalid_state: 'the resource is not in a state that allows this',
  idempotency_error: 'the Idempotency-Key was used with another body or operation',
  unauthorized: 'the API key is missing, malformed, unknown or revoked',
  forbidden: 'a live key called a test helper',
  not_found: 'no such resource in the key’s mode',
  method_not_allowed: 'the path does not answer this method',
  request_timeout: 'the request did not arrive in time (standalone server)',
  conflict: 'the resource’s state forbids this, or a request with the same Idempotency-Key is in flight',
  payload_too_large: 'the body is over 1 MiB',
  unsupported_media_type: 'the body is not declared as JSON',
  validation_error: 'a value is well-typed but invalid',
  rate_limit_exceeded: 'too many requests; retry after Retry-After seconds',
  request_header_fields_too_large: 'the request headers are over 16 KiB (standalone server)',
  internal_error: 'a bug in the server',
  storage_full: 'the server holds as many objects as its cap allows (maxObjects)',
  service_unavailable: 'the server could not write its data directory (standalone server with --data)',
};

const HEADERS = {
  'X-Request-Id': {
    description: 'Id of this request: every answer carries one.',
    required: true,
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed in the current window; absent when rate limits are off.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'When the window frees a request, in Unix seconds.',
    schema: { type: 'integer' },
  },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  'Idempotent-Replayed': {
    description: '`true` when the answer is the stored answer of an earlier request with this key.',
    schema: { type: 'string', enum: ['true'] },
  },
  'Glm-Mock-Warning': {
    description:
      'Test mode, reference server only: the request succeeded, probably not as meant (line items that ' +
      'match no catalog product are charged as regular items); the body is as without it.',
    schema: { type: 'string' },
  },
} as const satisfies Record<string, { description: string; required?: boolean; schema: JsonSchema }>;

type HeaderName = keyof typeof HEADERS;

const headerRefs = (names: readonly HeaderName[]): Record<string, { $ref: string }> =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const schemaRef = (name: string): { $ref: string } => ({ $ref: `${COMPONENT_SCHEMA_PREFIX}${name}` });

const RATE_LIMIT_HEADERS: readonly HeaderName[] = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** `/products/:id` → `/products/{id}`. */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');

/**
 * The error codes an operation can answer: those of the pipeline (key, test-only guard, rate limit,
 * bodies, idempotency), those of its validation rules in the domain, and its own.
 */
function operationErrorCodes(endpoint: Endpoint): ErrorCode[] {
  // The standalone server refuses, on every route, headers over 16 KiB and a request that does not
  // arrive in time.
  const codes = new Set<ErrorCode>(['request_header_fields_too_large', 'request_timeout']);
  if (endpoint.public !== true) {
    codes.add('unauthorized');
    codes.add('rate_limit_exceeded');
  }
  if (endpoint.testOnly === true) codes.add('forbidden');
  if (endpoint.method === 'POST' || endpoint.method === 'PUT') {
    codes.add(endpoint.malformedCode ?? 'invalid_request');
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  if (endpoint.method === 'POST' && endpoint.public !== true) {
    codes.add('idempotency_error');
    codes.add('conflict');
  }
  if (endpoint.creates === true) codes.add('storage_full');
  if (endpoint.doc.validation !== undefined) {
    const rules: {
      readonly kind: 'query' | 'body';
      readonly badRequest?: ErrorCode;
      readonly amounts?: Readonly<Record<string, ErrorCode>>;
      readonly currency?: boolean;
    } = REQUEST_OPERATIONS[endpoint.doc.validation];
    codes.add(rules.badRequest ?? 'invalid_request');
    if (rules.kind === 'body') {
      codes.add('validation_error');
      for (const code of Object.values(rules.amounts ?? {})) codes.add(code);
      if (rules.currency === true) codes.add('invalid_currency');
    }
  }
  for (const code of endpoint.doc.errors ?? []) codes.add(code);
  return [...codes];
}

/** Statuses answered before the operation runs: never stored under an Idempotency-Key, never replayed. */
const BEFORE_OPERATION: ReadonlySet<number> = new Set([401, 403, 408, 413, 415, 429, 431]);

const replayable = (endpoint: Endpoint, status: number): boolean =>
  endpoint.method === 'POST' && endpoint.public !== true && status < 500 && !BEFORE_OPERATION.has(status);

function errorResponses(endpoint: Endpoint): Record<string, Record<string, unknown>> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of operationErrorCodes(endpoint)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const body = endpoint.envelope === undefined ? 'ErrorBody' : 'CheckoutErrorBody';
  const responses: Record<string, Record<string, unknown>> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    // Authentication and the test-only guard answer before the rate limit is counted.
    const counted = endpoint.public !== true && status !== 401 && status !== 403;
    const headers: HeaderName[] = ['X-Request-Id', ...(counted ? RATE_LIMIT_HEADERS : [])];
    if (status === 429) headers.push('Retry-After');
    // A retry with the same Idempotency-Key replays a stored refusal of the operation (not one of the
    // key, the test-only guard, the rate limit or the body, which run before it).
    if (replayable(endpoint, status)) headers.push('Idempotent-Replayed');
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${ERROR_REASONS[code]}.`).join(' '),
      headers: headerRefs(headers),
      content: { 'application/json': { schema: schemaRef(body) } },
    };
  }
  return responses;
}

/**
 * The query of an operation that reads none: the server ignores its query string, so any parameter
 * is accepted. A free-form object parameter in `style: form` with `explode` is how OpenAPI says that
 * each key of the query string is a property of it.
 */
const IGNORED_QUERY = {
  name: 'ignored',
  in: 'query',
  required: false,
  style: 'form',
  explode: true,
  description: 'The server ignores the query string of this operation: any parameter is accepted.',
  schema: { type: 'object', additionalProperties: { type: 'string' } },
} as const;

/**
 * The media types a body is read as JSON under: `application/json` and every `application/…+json`
 * (`application/merge-patch+json`), each with any parameters; `+json` is written as the range it is.
 */
const jsonBody = (schema: JsonSchema): Record<string, { schema: JsonSchema }> => ({
  'application/json': { schema },
  'application/*+json': { schema: structuredClone(schema) },
});

const BODY_DESCRIPTION =
  'JSON, sent as `application/json` (any `application/…+json` type is read as JSON too). An empty body ' +
  'reads as `{}`.';

/** The body of a POST or PUT whose operation reads none: the server parses it as JSON and ignores it. */
const ignoredBody = () => ({
  required: false,
  description: BODY_DESCRIPTION,
  content: jsonBody({ description: 'Ignored: any JSON value, or no body at all.' }),
});

function parameters(endpoint: Endpoint): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = pathParameterNames(endpoint.path).map((name) => {
    const given = endpoint.doc.pathParameters?.[name];
    return {
      name,
      in: 'path',
      required: true,
      description: given?.description ?? `The ${name} path parameter.`,
      schema:
        given?.schema === undefined ? { type: 'string', minLength: 1 } : inlineSchema(given.schema, 'input'),
    };
  });
  if (endpoint.doc.query !== undefined) list.push(...queryParameters(endpoint.doc.query));
  else list.push(structuredClone(IGNORED_QUERY));
  if (endpoint.method === 'POST' && endpoint.public !== true) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retry safe: the same key, operation and body answer the stored answer for 24 hours.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    });
  }
  return list;
}

function requestBody(endpoint: Endpoint): Record<string, unknown> | undefined {
  const schema = endpoint.doc.body;
  if (schema === undefined) {
    // The pipeline reads every POST and PUT body as JSON (415 otherwise) before the operation runs.
    return endpoint.method === 'POST' || endpoint.method === 'PUT' ? ignoredBody() : undefined;
  }
  // An empty body reads as `{}`, so a body whose fields are all optional may be left out.
  return {
    required: !schema.safeParse({}).success,
    description: BODY_DESCRIPTION,
    content: jsonBody(schemaRef(componentName(schema))),
  };
}

function operation(endpoint: Endpoint): OpenApiOperation {
  const open = endpoint.public === true;
  const successHeaders: HeaderName[] = ['X-Request-Id', ...(open ? [] : RATE_LIMIT_HEADERS)];
  if (endpoint.method === 'POST' && !open) successHeaders.push('Idempotent-Replayed');
  if (endpoint.doc.warns === true) successHeaders.push('Glm-Mock-Warning');
  const list = parameters(endpoint);
  const body = requestBody(endpoint);
  return {
    operationId: endpoint.doc.operationId,
    summary: endpoint.doc.summary,
    description: operationDescription(endpoint),
    tags: [endpoint.doc.tag],
    ...(list.length === 0 ? {} : { parameters: list }),
    ...(body === undefined ? {} : { requestBody: body }),
    responses: {
      [String(endpoint.doc.success.status)]: {
        description: endpoint.doc.success.description,
        headers: headerRefs(successHeaders),
        content: { 'application/json': { schema: schemaRef(componentName(endpoint.doc.success.schema)) } },
      },
      ...errorResponses(endpoint),
    },
    ...(open ? { security: [] } : {}),
  };
}

function components(table: readonly Endpoint[]): OpenApiDocument['components'] {
  const named = documentComponents(table);
  const requests = componentSchemas(named.requests, 'input');
  const responses = componentSchemas(named.responses, 'output');
  const clash = Object.keys(requests).find((name) => name in responses);
  if (clash !== undefined)
    throw new Error(`OpenAPI component ${clash} is both a request and a response schema.`);
  return {
    schemas: { ...requests, ...responses },
    headers: HEADERS,
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'glm_test_<token_id>.<secret> or glm_live_<token_id>.<secret>',
        description:
          'An API key: its prefix sets the mode, `glm_test_` or `glm_live_`. Every ' +
          'bad key answers the same 401 unauthorized.',
      },
    },
  };
}

type DocumentBody = Omit<OpenApiDocument, 'servers'>;

const built = new WeakMap<readonly Endpoint[], DocumentBody>();

function documentBody(table: readonly Endpoint[]): DocumentBody {
  const cached = built.get(table);
  if (cached !== undefined) return cached;
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const endpoint of table) {
    const path = toOpenApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  const body: DocumentBody = {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'HSA/FSA hosted checkout service (reference server)',
      version: 'v2',
      description:
        'Products, eligibility, checkout sessions, payment links, orders, refunds and the test helpers of ' +
        'the reference server, generated from the wire schemas of @glm/domain. Every path answers under ' +
        'both version prefixes, `/api/v2` and `/v2`: the two servers. Amounts are integer cents; ' +
        'timestamps ISO 8601 UTC. In test mode the reference server fails on demand: a request with the ' +
        '`Glm-Mock-Fault` header (`status=503`, `network=reset`, `delay=2000`, `when=after`, …) or one a ' +
        'fault rule (`/test_helpers/faults`) matches is answered with that status in the error body, ' +
        'marked `glm-mock-fault`, or with a dropped, held or cut connection. A test-mode request with ' +
        'the `Glm-Mock-Future` header (`fields,enums,events`) is answered as a later API version would ' +
        'answer it (new members, new status values, new event types), marked `glm-mock-future`.',
      contact: { name: 'The @glm/mock-server maintainers', url: 'https://github.com/glm/glm' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    tags: Object.entries(OPERATION_TAGS).map(([name, description]) => ({ name, description })),
    security: [{ [SECURITY_SCHEME]: [] }],
    paths,
    components: components(table),
  };
  built.set(table, body);
  return body;
}

/**
 * Builds the OpenAPI 3.1 document of the endpoints of `table`, in its order: each one's description
 * (`doc`) with its test-only, envelope, public and malformed-JSON behaviour. The schemas are built
 * once per table; each call answers a fresh copy with servers under `baseUrl`.
 */
export function buildOpenApiDocument(
  table: readonly Endpoint[],
  options: OpenApiDocumentOptions = {},
): OpenApiDocument {
  const base = (options.baseUrl ?? 'http://127.0.0.1').replace(/\/+$/, '');
  const servers = PATH_PREFIXES.map((prefix) => ({
    url: `${base}${prefix}`,
    description: `Every path under ${prefix}.`,
  }));
  const { openapi, info, ...rest } = documentBody(table);
  return structuredClone({ openapi, info, servers, ...rest });
}
