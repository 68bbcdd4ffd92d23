import type { Outcome } from '../core/outcome.ts';
import type { Operation } from '../operations/define-operation.ts';
import { invoke } from '../operations/invoke.ts';
import { type Answer, answerOf } from './answer.ts';
import { contractRoute } from './contract-route.ts';
import { MOCK_WARNING_HEADER } from './mock-warning.ts';
import type { OperationDoc } from './openapi/operation-doc.ts';
import { queryObject } from './query-object.ts';
import type { HandlerContext, RouteDefinition } from './route.ts';

/**
 * One endpoint of the API: its route (method, path, handler and HTTP behaviour) and its OpenAPI
 * description (schemas, answers, errors), built from its row of the route table
 * (`@glm/domain/contract`). The router, the OpenAPI document and the route tests all read it.
 */
export interface Endpoint extends RouteDefinition {
  /** How the OpenAPI document describes the endpoint. */
  readonly doc: OperationDoc;
}

/**
 * Builds the endpoint of an operation from its row of the route table (`operation.endpoint`): the
 * handler hands the operation its input (the JSON body of a POST or PUT, the query of a GET) and the
 * path's `:id`, runs it through `invoke` as every caller does, and answers its outcome with the route
 * table's success status, or the refusal's status and error body. Throws when the operation names no
 * row, or its input or rules disagree with the route table.
 */
export function endpoint<Input, Target, Value>(operation: Operation<Input, Target, Value>): Endpoint {
  const { endpoint: served, input: schema, rules } = operation;
  if (served === undefined)
    throw new TypeError('An endpoint runs an operation that names its row (`endpoint`).');
  const { operationId } = served;
  const route = contractRoute(operationId, served, {
    schema,
    rules,
    warns: operation.warning !== undefined,
  });
  const fromQuery = route.method === 'GET';
  const status = route.doc.success.status;
  return {
    ...route,
    ...(operation.creates ? { creates: true as const } : {}),
    handle(context: HandlerContext): Answer | Promise<Answer> {
      const input = schema === undefined ? undefined : fromQuery ? queryObject(context.query) : context.body;
      const acting = { engine: context.engine, mode: context.mode };
      const outcome = invoke(acting, operation, input, context.params['id'] ?? '');
      const answer = (settled: Outcome<Value>): Answer => {
        const answered = answerOf(settled, status);
        const text = settled.ok ? operation.warning?.(settled.value, acting) : undefined;
        return text === undefined ? answered : { ...answered, headers: { [MOCK_WARNING_HEADER]: text } };
      };
      return outcome instanceof Promise ? outcome.then(answer) : answer(outcome);
    },
  };
}
