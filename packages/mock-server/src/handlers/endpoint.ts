import type { z } from 'zod';
import type { ApiError, Outcome } from '../core/outcome.ts';
import type { Answer } from '../http/answer.ts';
import { answerOf, errorAnswer } from '../http/answer.ts';
import { type Parsed, parseBody, parseQuery } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { type OperationDoc, REQUEST_SCHEMAS, type RequestSchemaName } from '../openapi/operation-doc.ts';
import type { OperationContext } from '../operations/operation-context.ts';

/**
 * One endpoint of the API, defined once: its route (method, path, handler and HTTP behaviour) and its
 * OpenAPI description (schemas, answers, errors). The router, the OpenAPI document and the route tests
 * all read the same definition.
 */
export interface Endpoint extends RouteDefinition {
  /** How the OpenAPI document describes the endpoint. */
  readonly doc: OperationDoc;
}

/** The parsed body of an endpoint whose description names a request body component. */
type BodyOf<D extends OperationDoc> = D['body'] extends RequestSchemaName
  ? z.output<(typeof REQUEST_SCHEMAS)[D['body']]>
  : undefined;

/** The parsed query of an endpoint whose description names a query schema. */
type QueryOf<D extends OperationDoc> = D['query'] extends z.ZodObject ? z.output<D['query']> : undefined;

/** What an endpoint's operation gets from the request, parsed with the schemas of its description. */
interface EndpointInput<D extends OperationDoc> {
  /** The body, parsed with the description's `body` component (`undefined` without one). */
  readonly body: BodyOf<D>;
  /** The query, parsed with the description's `query` schema (`undefined` without one). */
  readonly query: QueryOf<D>;
  /** The `:id` path parameter (`''` on a path without one). */
  readonly id: string;
}

/** An endpoint written as its route, its description and the operation it runs. */
export interface EndpointDefinition<D extends OperationDoc> extends Omit<RouteDefinition, 'handle'> {
  /** How the OpenAPI document describes the endpoint; its `body`, `query`, `validation` and success status also drive the handler. */
  readonly doc: D;
  /** Refuses a malformed `:id` before anything else is read (a product id is a positive integer). */
  readonly checkId?: (id: string) => ApiError | undefined;
  /** The operation, given the parsed request. */
  readonly operation: (
    context: OperationContext,
    input: EndpointInput<D>,
  ) => Outcome<unknown> | Promise<Outcome<unknown>>;
}

/**
 * Builds an endpoint from its definition: the handler parses the body and query with the schemas the
 * description names (and the domain's error rules of its `validation`), runs the operation and answers
 * its outcome with the description's success status, or the refusal's status and error body.
 */
export function endpoint<const D extends OperationDoc>(definition: EndpointDefinition<D>): Endpoint {
  const { operation, checkId, ...route } = definition;
  const { doc } = definition;
  const bodySchema: z.ZodType | undefined = doc.body === undefined ? undefined : REQUEST_SCHEMAS[doc.body];
  const { query: querySchema, validation } = doc;
  if ((bodySchema !== undefined || querySchema !== undefined) && validation === undefined) {
    throw new TypeError(`${route.method} ${route.path}: a body or query needs its validation rules.`);
  }
  const status = doc.success.status;
  return {
    ...route,
    handle(context: HandlerContext): Answer | Promise<Answer> {
      const id = context.params['id'] ?? '';
      const malformed = checkId?.(id);
      if (malformed !== undefined) return errorAnswer(malformed);
      let body: unknown;
      let query: unknown;
      if (bodySchema !== undefined && validation !== undefined) {
        const parsed: Parsed<unknown> = parseBody(bodySchema, context.body, validation);
        if (!parsed.ok) return parsed.answer;
        body = parsed.value;
      }
      if (querySchema !== undefined && validation !== undefined) {
        const parsed: Parsed<unknown> = parseQuery(querySchema, context.query, validation);
        if (!parsed.ok) return parsed.answer;
        query = parsed.value;
      }
      // The schemas parsed are the description's own, so the values have the types the operation declares.
      const input = { body, query, id } as EndpointInput<D>;
      const outcome = operation(context, input);
      return outcome instanceof Promise
        ? outcome.then((settled) => answerOf(settled, status))
        : answerOf(outcome, status);
    },
  };
}
