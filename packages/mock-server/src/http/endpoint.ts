import type { z } from 'zod';
import type { Outcome } from '../core/outcome.ts';
import type { Operation } from '../operations/define-operation.ts';
import { invoke } from '../operations/invoke.ts';
import type { OperationContext } from '../operations/operation-context.ts';
import { type Answer, answerOf } from './answer.ts';
import { MOCK_WARNING_HEADER } from './mock-warning.ts';
import type { OperationDoc } from './openapi/operation-doc.ts';
import { queryObject } from './query-object.ts';
import type { HandlerContext, RouteDefinition } from './route.ts';

/**
 * One endpoint of the API, defined once: its route (method, path, handler and HTTP behaviour) and its
 * OpenAPI description (schemas, answers, errors). The router, the OpenAPI document and the route tests
 * all read the same definition.
 */
export interface Endpoint extends RouteDefinition {
  /** How the OpenAPI document describes the endpoint. */
  readonly doc: OperationDoc;
}

/** What the author of an endpoint writes of its description; the operation supplies the rest. */
export type EndpointDoc = Omit<OperationDoc, 'body' | 'query' | 'validation'> & {
  /**
   * The request body's schema when the document describes another one than the operation parses
   * (registration takes the JavaScript API's switches too); by default the operation's input.
   */
  readonly body?: z.ZodType;
};

/** An endpoint written as its route, its description and the operation it runs. */
export interface EndpointDefinition<Input, Target, Value>
  extends Omit<RouteDefinition, 'handle' | 'creates'> {
  /** The operation: its input (the body of a POST or PUT, the query of a GET) and `:id` target. */
  readonly operation: Operation<Input, Target, Value>;
  /** How the OpenAPI document describes the endpoint; its success status is the endpoint's. */
  readonly doc: EndpointDoc;
  /**
   * The `Glm-Mock-Warning` of a successful answer, read from its value: what the caller probably did
   * not mean, though the request succeeded; `undefined` for none.
   */
  readonly warning?: (value: Value, context: OperationContext) => string | undefined;
}

/**
 * Builds an endpoint from its definition: the handler hands the operation its input (the JSON body of
 * a POST or PUT, the query of a GET) and the path's `:id`, runs it through `invoke` as every caller
 * does, and answers its outcome with the description's success status, or the refusal's status and
 * error body. The description's body, query and validation rules are the operation's.
 */
export function endpoint<Input, Target, Value>(
  definition: EndpointDefinition<Input, Target, Value>,
): Endpoint {
  const { operation, doc: given, warning, ...route } = definition;
  const fromQuery = route.method === 'GET';
  const schema = operation.input;
  const body = fromQuery || schema === undefined ? undefined : (given.body ?? schema);
  const doc: OperationDoc = {
    ...given,
    ...(body === undefined ? {} : { body }),
    ...(fromQuery && schema !== undefined ? { query: schema as unknown as z.ZodObject } : {}),
    ...(operation.rules === undefined ? {} : { validation: operation.rules }),
    ...(warning === undefined ? {} : { warns: true as const }),
  };
  const status = doc.success.status;
  return {
    ...route,
    operationId: doc.operationId,
    ...(operation.creates ? { creates: true as const } : {}),
    doc,
    handle(context: HandlerContext): Answer | Promise<Answer> {
      const input = schema === undefined ? undefined : fromQuery ? queryObject(context.query) : context.body;
      const acting = { engine: context.engine, mode: context.mode };
      const outcome = invoke(acting, operation, input, context.params['id'] ?? '');
      const answer = (settled: Outcome<Value>): Answer => {
        const answered = answerOf(settled, status);
        const text = settled.ok && warning !== undefined ? warning(settled.value, acting) : undefined;
        return text === undefined ? answered : { ...answered, headers: { [MOCK_WARNING_HEADER]: text } };
      };
      return outcome instanceof Promise ? outcome.then(answer) : answer(outcome);
    },
  };
}
