import type { RequestOperation } from '@glm/domain';
import type { z } from 'zod';
import type { Outcome } from '../core/outcome.ts';
import { parseInput } from '../operations/parse-input.ts';
import { answerOf } from './answer.ts';
import type { Endpoint, EndpointDoc } from './endpoint.ts';
import type { InstanceControls } from './instance-controls.ts';
import { queryObject } from './query-object.ts';
import type { RouteDefinition } from './route.ts';

/**
 * A test helper that acts on the whole service instance (its fault rules, journal, reset, snapshots)
 * rather than on the service's objects: it runs with the instance's {@link InstanceControls} instead of
 * an operation, its input (a POST's body, a GET's or DELETE's query) parsed with the same schemas and
 * domain rules as an operation's.
 */
export interface ControlDefinition<S extends z.ZodType | undefined, Value>
  extends Omit<RouteDefinition, 'handle' | 'creates' | 'operationId' | 'testOnly'> {
  /** The schema of the body (POST) or query (GET); none when it takes nothing. */
  readonly input?: S;
  /** The domain's validation rules of the input; required with `input`. */
  readonly rules?: RequestOperation;
  /** Does the work. */
  readonly run: (
    controls: InstanceControls,
    input: S extends z.ZodType ? z.output<S> : undefined,
    id: string,
  ) => Outcome<Value> | Promise<Outcome<Value>>;
  /** How the OpenAPI document describes the endpoint. */
  readonly doc: EndpointDoc;
}

/** Builds a test-helper endpoint over the instance's controls (test keys only, never faulted). */
export function controlEndpoint<S extends z.ZodType | undefined, Value>(
  definition: ControlDefinition<S, Value>,
): Endpoint {
  const { input: schema, rules, run, doc: given, ...route } = definition;
  // A GET's or DELETE's input is its query; a POST's its body.
  const fromQuery = route.method === 'GET' || route.method === 'DELETE';
  const doc = {
    ...given,
    ...(schema === undefined || fromQuery ? {} : { body: given.body ?? schema }),
    ...(schema !== undefined && fromQuery ? { query: schema as unknown as z.ZodObject } : {}),
    ...(rules === undefined ? {} : { validation: rules }),
  };
  return {
    ...route,
    testOnly: true,
    operationId: doc.operationId,
    doc,
    async handle(context) {
      const id = context.params['id'] ?? '';
      type Input = S extends z.ZodType ? z.output<S> : undefined;
      if (schema === undefined || rules === undefined) {
        return answerOf(await run(context.controls, undefined as Input, id), doc.success.status);
      }
      const raw = fromQuery ? queryObject(context.query) : context.body;
      const parsed = parseInput(schema, raw, rules);
      if (!parsed.ok) return answerOf(parsed);
      return answerOf(await run(context.controls, parsed.value as Input, id), doc.success.status);
    },
  };
}
