import { type OperationId, ROUTES, type Route } from '@glm/domain/contract';
import type { z } from 'zod';
import type { Outcome } from '../core/outcome.ts';
import type { EndpointDoc } from '../operations/endpoint-doc.ts';
import { parseInput } from '../operations/parse-input.ts';
import { answerOf } from './answer.ts';
import { contractRoute, rulesOf } from './contract-route.ts';
import type { Endpoint } from './endpoint.ts';
import type { InstanceControls } from './instance-controls.ts';
import { queryObject } from './query-object.ts';
import type { RouteDefinition } from './route.ts';

/**
 * A test helper that acts on the whole service instance (its fault rules, journal, reset, snapshots)
 * rather than on the service's objects: it runs with the instance's {@link InstanceControls} instead of
 * an operation, its input (a POST's body, a GET's or DELETE's query) parsed with the schema and the
 * domain's rules its row of the route table names.
 */
export interface ControlDefinition<S extends z.ZodType | undefined, Value>
  extends Omit<
    RouteDefinition,
    | 'handle'
    | 'creates'
    | 'operationId'
    | 'method'
    | 'path'
    | 'testOnly'
    | 'envelope'
    | 'rateLimit'
    | 'malformedCode'
  > {
  /** Its row of the route table: method, path, schemas, rules, success status and errors. */
  readonly operationId: OperationId;
  /** The schema of the body (POST) or query (GET), the one its row names; none when it takes nothing. */
  readonly input?: S;
  /** Does the work. */
  readonly run: (
    controls: InstanceControls,
    input: S extends z.ZodType ? z.output<S> : undefined,
    id: string,
  ) => Outcome<Value> | Promise<Outcome<Value>>;
  /** The OpenAPI prose the route table does not carry. */
  readonly doc: EndpointDoc;
}

/**
 * Builds a test-helper endpoint over the instance's controls (test keys only, as its row of the test
 * helpers' table makes it; never faulted).
 */
export function controlEndpoint<S extends z.ZodType | undefined, Value>(
  definition: ControlDefinition<S, Value>,
): Endpoint {
  const { operationId, input: schema, run, doc: given, ...flags } = definition;
  const row: Route = ROUTES[operationId];
  const rules = schema === undefined ? undefined : rulesOf(row);
  const route = contractRoute(operationId, given, { schema, rules });
  // A GET's or DELETE's input is its query; a POST's its body.
  const fromQuery = route.method === 'GET' || route.method === 'DELETE';
  const status = route.doc.success.status;
  return {
    ...route,
    ...flags,
    async handle(context) {
      const id = context.params['id'] ?? '';
      type Input = S extends z.ZodType ? z.output<S> : undefined;
      if (schema === undefined || rules === undefined) {
        return answerOf(await run(context.controls, undefined as Input, id), status);
      }
      const raw = fromQuery ? queryObject(context.query) : context.body;
      const parsed = parseInput(schema, raw, rules);
      if (!parsed.ok) return answerOf(parsed);
      return answerOf(await run(context.controls, parsed.value as Input, id), status);
    },
  };
}
