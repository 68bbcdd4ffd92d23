import type { Answer } from '../http/answer.ts';
import { answerOf, type Outcome } from '../http/outcome.ts';
import type { Parsed } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import type { OperationDoc } from '../openapi/operation-doc.ts';

/**
 * One endpoint of the API, defined once: its route (method, path, handler and HTTP behaviour) and its
 * OpenAPI description (schemas, answers, errors). The router, the OpenAPI document and the route tests
 * all read the same definition.
 */
export interface Endpoint extends RouteDefinition {
  /** How the OpenAPI document describes the endpoint. */
  readonly doc: OperationDoc;
}

/** The id path parameter (`:id`); the router always fills it on a route that has one. */
export const idParam = (context: HandlerContext): string => context.params['id'] ?? '';

/**
 * Answers a parsed request part with an operation: the parse refusal, or the operation's outcome with
 * `status` (200, or 201 for a creation).
 */
export function answerParsed<T, V>(
  parsed: Parsed<T>,
  run: (value: T) => Outcome<V>,
  status: 200 | 201 = 200,
): Answer {
  return parsed.ok ? answerOf(run(parsed.value), status) : parsed.answer;
}
