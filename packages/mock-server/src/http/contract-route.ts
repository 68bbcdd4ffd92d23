import type { RequestOperation } from '@glm/domain';
import { type OperationId, ROUTES, type Route, TEST_HELPER_ROUTES } from '@glm/domain/contract';
import type { z } from 'zod';
import type { EndpointDoc } from '../operations/endpoint-doc.ts';
import type { OperationDoc } from './openapi/operation-doc.ts';
import { nameOf, schemaNamed } from './openapi/schema-names.ts';
import type { RouteDefinition } from './route.ts';

/** What an endpoint parses: its input's schema (a body, or a GET's query) and the rules it parses with. */
export interface EndpointInput {
  /** The schema the endpoint parses its input with, if any. */
  readonly schema: z.ZodType | undefined;
  /** The domain's validation rules it parses with, if any. */
  readonly rules: RequestOperation | undefined;
  /** Whether its operation may give a success a `Glm-Mock-Warning` (the row's `warns` says so). */
  readonly warns?: boolean;
}

/** The HTTP behaviour a row of the route table gives its endpoint (see {@link contractRoute}). */
type RowFlags = Pick<RouteDefinition, 'testOnly' | 'envelope' | 'rateLimit' | 'malformedCode'>;

/** The method, path, HTTP behaviour and OpenAPI description of the endpoint `operationId` of the route table. */
export interface ContractRoute extends Pick<RouteDefinition, 'method' | 'path' | 'operationId'>, RowFlags {
  /** How the OpenAPI document describes it. */
  readonly doc: OperationDoc;
}

/** The validation rules a row names, as the domain's parser takes them (every row's name is one of them). */
export const rulesOf = (route: Route): RequestOperation | undefined =>
  route.rules as RequestOperation | undefined;

/** A route table path (`/refunds/{id}`) as the router writes it (`/refunds/:id`). */
const routerPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Refuses an endpoint whose input disagrees with its row of the route table: another named schema
 * than the row's body or query, or other validation rules. (An input no export names, such as the
 * registration that also takes the JavaScript API's switches, is documented as the row says.)
 */
function checkInput(operationId: OperationId, route: Route, input: EndpointInput): void {
  const named = input.schema === undefined ? undefined : nameOf(input.schema);
  const documented = route.body ?? route.query;
  if ((named !== undefined || input.schema === undefined) && named !== documented) {
    throw new TypeError(`${operationId} parses ${named ?? 'nothing'}; the route table says ${documented}.`);
  }
  if (input.rules !== rulesOf(route)) {
    throw new TypeError(
      `${operationId} parses with rules ${input.rules}; the route table says ${route.rules}.`,
    );
  }
  if ((input.warns === true) !== (route.warns === true)) {
    const says = route.warns === true ? 'warns' : 'does not warn';
    throw new TypeError(
      `${operationId}'s operation ${input.warns === true ? 'has' : 'has no'} warning; the route table ${says}.`,
    );
  }
}

/**
 * The HTTP behaviour its row gives an endpoint: a test helper's row (of `TEST_HELPER_ROUTES`) answers live
 * keys `403 forbidden`; the row's `envelope` and `rateLimit` as given; a malformed JSON body is refused
 * with the row's code of a mistyped field when it has one.
 */
function flagsOf(operationId: OperationId, route: Route): RowFlags {
  return {
    ...(Object.hasOwn(TEST_HELPER_ROUTES, operationId) ? { testOnly: true } : {}),
    ...(route.envelope === undefined ? {} : { envelope: route.envelope }),
    ...(route.rateLimit === undefined ? {} : { rateLimit: route.rateLimit }),
    ...(route.validation?.badRequest === undefined ? {} : { malformedCode: route.validation.badRequest }),
  };
}

/**
 * The endpoint `operationId` as the route table defines it, with the author's prose: its router method
 * and path, its HTTP behaviour, and its OpenAPI description. Throws when the endpoint's input disagrees
 * with the table.
 */
export function contractRoute(
  operationId: OperationId,
  given: EndpointDoc,
  input: EndpointInput,
): ContractRoute {
  const route: Route = ROUTES[operationId];
  checkInput(operationId, route, input);
  const rules = rulesOf(route);
  const doc: OperationDoc = {
    operationId,
    summary: route.summary,
    tag: route.tag,
    ...(given.description === undefined ? {} : { description: given.description }),
    ...(given.pathParameters === undefined ? {} : { pathParameters: given.pathParameters }),
    ...(route.body === undefined ? {} : { body: schemaNamed(route.body) }),
    ...(route.query === undefined ? {} : { query: schemaNamed(route.query) as z.ZodObject }),
    ...(rules === undefined ? {} : { validation: rules }),
    success: {
      status: route.status,
      schema: schemaNamed(route.answer),
      description: given.success.description,
    },
    ...(route.errors === undefined ? {} : { errors: route.errors }),
    ...(route.warns === true ? { warns: true } : {}),
  };
  return {
    method: route.method,
    path: routerPath(route.path),
    operationId,
    ...flagsOf(operationId, route),
    doc,
  };
}
