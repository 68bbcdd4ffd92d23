import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/http/openapi/build-document.ts';
import { GOOD_BODIES } from './good-bodies.ts';
import { hostileBodyText, hostileValue, mutateBody } from './hostile-values.ts';
import { type JsonSchema, schemaArbitrary } from './schema-arbitrary.ts';

/** Which key a fuzzed request authenticates with. */
type FuzzAuth = 'test' | 'live' | 'none' | 'malformed' | 'bearer-only' | 'basic';

/** One request of the fuzzer, before the ids of a service's objects are put into its path. */
export interface FuzzRequest {
  /** The method sent (the operation's, or another one). */
  readonly method: string;
  /** The operation it aims at: its method and path template (`POST /refunds/{id}`). */
  readonly operation: string;
  /** Version prefix (`/api/v2`, `/v2`, or a wrong one). */
  readonly prefix: string;
  /** The path template (`/orders/{id}`). */
  readonly template: string;
  /** `undefined`: the id of a live object of the right kind; otherwise this odd id. */
  readonly oddId: string | undefined;
  /** Query parameters as sent, repeated names included. */
  readonly query: readonly (readonly [string, string])[];
  /** The key it sends. */
  readonly auth: FuzzAuth;
  /** `Content-Type`, if any. */
  readonly contentType: string | undefined;
  /** `Idempotency-Key`, if any. */
  readonly idempotencyKey: string | undefined;
  /** The body text, if any. */
  readonly body: string | undefined;
}

/** An operation of the document, as the fuzzer aims at it. */
interface Operation {
  readonly method: string;
  readonly template: string;
  readonly body: JsonSchema | undefined;
  readonly query: readonly { readonly name: string; readonly schema: JsonSchema }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every operation of the document with its body schema and query parameters. */
function documentOperations(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = isRecord(operation.requestBody) ? operation.requestBody['content'] : undefined;
      const json = isRecord(content) ? content['application/json'] : undefined;
      const body = isRecord(json) && isRecord(json['schema']) ? json['schema'] : undefined;
      const query = (operation.parameters ?? [])
        .filter((parameter) => parameter['in'] === 'query' && isRecord(parameter['schema']))
        .map((parameter) => ({ name: String(parameter['name']), schema: parameter['schema'] as JsonSchema }));
      operations.push({ method: method.toUpperCase(), template, body, query });
    }
  }
  return operations;
}

const ODD_IDS = [
  '',
  ' ',
  '%',
  '%2F',
  '..',
  '0',
  '-1',
  '1e3',
  '99999999999999999999',
  'cs_missing',
  'ord_000000000000000000000000',
  'plink_missing',
  're_missing',
  'sub_missing',
  '__proto__',
  'constructor',
  '💊',
  'a'.repeat(300),
];

/** Header-safe text: the characters a `Headers` value may hold, without line breaks or NUL. */
const headerText = (text: string): string => text.replace(/[^\x20-\x7e\x80-\xff]/g, '');

/**
 * A fast-check arbitrary of fuzzed requests aimed at the document's operations: bodies and query values
 * from their schemas, often mutated with hostile values; odd methods, prefixes, ids, keys, content types
 * and idempotency keys (a few shared ones, so replays and conflicts happen).
 */
export function fuzzRequestArbitrary(document: OpenApiDocument): fc.Arbitrary<FuzzRequest> {
  const components = document.components.schemas as Readonly<Record<string, JsonSchema>>;
  const perOperation = documentOperations(document).map((operation) => {
    const fromSchema =
      operation.body === undefined ? fc.constant<unknown>({}) : schemaArbitrary(operation.body, components);
    const good = GOOD_BODIES[`${operation.method} ${operation.template}`];
    const wellFormed =
      good === undefined
        ? fromSchema
        : fc.oneof({ weight: 2, arbitrary: good }, { weight: 1, arbitrary: fromSchema });
    const body = fc.oneof(
      { weight: 4, arbitrary: wellFormed.map((value) => JSON.stringify(value)) },
      {
        weight: 4,
        arbitrary: fc
          .tuple(wellFormed, fc.nat(), hostileValue)
          .map(([value, choice, hostile]) => JSON.stringify(mutateBody(value, choice, hostile)) ?? 'null'),
      },
      { weight: 1, arbitrary: hostileBodyText },
      { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    );
    const queryValue = (schema: JsonSchema) =>
      fc.oneof(
        schemaArbitrary(schema, components).map((value) =>
          typeof value === 'string' ? value : JSON.stringify(value),
        ),
        fc.string({ maxLength: 12 }),
        fc.constantFrom('', '-1', '0', '101', '1e3', 'true', '2025-13-45', '%'),
      );
    const knownQuery =
      operation.query.length === 0
        ? fc.constant([] as [string, string][])
        : fc.array(
            fc
              .constantFrom(...operation.query)
              .chain((parameter) =>
                queryValue(parameter.schema).map((value): [string, string] => [parameter.name, value]),
              ),
            { maxLength: 4 },
          );
    const oddQuery = fc.array(
      fc.tuple(fc.constantFrom('x', '__proto__', 'constructor', 'limit', ''), fc.string({ maxLength: 8 })),
      { maxLength: 2 },
    );
    return fc.record({
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(operation.method) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'GET',
            'POST',
            'PUT',
            'DELETE',
            'PATCH',
            'OPTIONS',
            'HEAD',
            'PROPFIND',
            'patch',
          ),
        },
      ),
      operation: fc.constant(`${operation.method} ${operation.template}`),
      prefix: fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom('/api/v2', '/v2') },
        { weight: 1, arbitrary: fc.constantFrom('', '/v3', '/api/v2/', '/API/V2') },
      ),
      template: fc.constant(operation.template),
      oddId: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_IDS) },
      ),
      query: fc.tuple(knownQuery, oddQuery).map(([known, odd]) => [...known, ...odd]),
      auth: fc.oneof(
        { weight: 12, arbitrary: fc.constant<FuzzAuth>('test') },
        {
          weight: 1,
          arbitrary: fc.constantFrom<FuzzAuth>('live', 'none', 'malformed', 'bearer-only', 'basic'),
        },
      ),
      contentType: fc.oneof(
        { weight: 10, arbitrary: fc.constant('application/json') },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            undefined,
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/merge-patch+json',
            'multipart/form-data; boundary=x',
          ),
        },
      ),
      idempotencyKey: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 3, arbitrary: fc.constantFrom('key-1', 'key-2', 'key-3') },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }).map(headerText) },
      ),
      body: operation.method === 'GET' || operation.method === 'DELETE' ? fc.constant(undefined) : body,
    });
  });
  return fc.oneof(...perOperation);
}
