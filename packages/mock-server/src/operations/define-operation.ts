import { ok, type RequestOperation } from '@glm/domain';
import type { z } from 'zod';
import type { Outcome } from '../core/outcome.ts';
import type { OperationEndpoint } from './endpoint-doc.ts';
import type { OperationContext } from './operation-context.ts';

/**
 * One operation of the service, defined once and run the same way by every caller (an HTTP endpoint,
 * the JavaScript test API, the hosted pages, the dashboard, the seed) through `invoke`: what it takes,
 * how its input is validated, whether it creates objects, and what it does.
 */
export interface Operation<Input, Target, Value> {
  /** The schema of what the caller sends (a request body, or a list's query); none when it takes nothing. */
  readonly input: z.ZodType<Input> | undefined;
  /** The domain's validation rules of the input (which code and `param` each problem answers). */
  readonly rules: RequestOperation | undefined;
  /** Adds objects to the store: refused with `507 storage_full` once the `maxObjects` cap is reached. */
  readonly creates: boolean;
  /**
   * Finds what the operation acts on from the id the caller names (a path's `:id`, or the id given to
   * the JavaScript test API); its refusal comes before the input is read.
   */
  readonly target: (context: OperationContext, id: string) => Outcome<Target>;
  /** Does the work, given the parsed input and the target. */
  readonly run: (
    context: OperationContext,
    input: Input,
    target: Target,
  ) => Outcome<Value> | Promise<Outcome<Value>>;
  /**
   * The `Glm-Mock-Warning` of a success, read from its value: what the caller probably did not mean,
   * though the request succeeded; `undefined` for none. Only an operation whose row of the route table
   * `warns` has one. (A method, so an operation stays assignable to one of a wider value type.)
   */
  warning?(value: Value, context: OperationContext): string | undefined;
  /**
   * The endpoint that runs it over HTTP: its row of the route table and its OpenAPI prose. The server
   * serves every operation that names one (none for an operation only the pages or the seed run).
   */
  readonly endpoint?: OperationEndpoint;
}

/** What an operation's `run` gets as input: the parsed value of its schema, `undefined` without one. */
type InputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** An operation as it is written: see {@link Operation}; `rules` goes with `input`. */
interface OperationDefinition<S extends z.ZodType | undefined, Target, Value> {
  /** See {@link Operation.input}. */
  readonly input?: S;
  /** See {@link Operation.rules}; required with `input`. */
  readonly rules?: RequestOperation;
  /** See {@link Operation.creates}. */
  readonly creates?: true;
  /** See {@link Operation.target}; without it the target is the id as given. */
  readonly target?: (context: OperationContext, id: string) => Outcome<Target>;
  /** See {@link Operation.run}. */
  readonly run: (
    context: OperationContext,
    input: InputOf<S>,
    target: Target,
  ) => Outcome<Value> | Promise<Outcome<Value>>;
  /** See {@link Operation.warning}. */
  readonly warning?: (value: Value, context: OperationContext) => string | undefined;
  /** See {@link Operation.endpoint}. */
  readonly endpoint?: OperationEndpoint;
}

const asGiven = (_context: OperationContext, id: string): Outcome<string> => ok(id);

/**
 * Defines an operation (see {@link Operation}): with `input` and `rules` its input is parsed with the
 * schema and the domain's error rules before `run`; without them `run` gets `undefined`.
 *
 * @example
 * export const cancelRefund = defineOperation({
 *   endpoint: { operationId: 'cancelRefund', success: { description: 'The cancelled refund.' } },
 *   input: RefundCancel,
 *   rules: 'refund.cancel',
 *   run: (context, input, id) => …,
 * });
 */
export function defineOperation<
  S extends z.ZodType | undefined = undefined,
  Value = unknown,
  Target = string,
>(definition: OperationDefinition<S, Target, Value>): Operation<InputOf<S>, Target, Value> {
  if (definition.input !== undefined && definition.rules === undefined) {
    throw new TypeError('An operation with an input schema names the domain rules that validate it.');
  }
  return {
    input: definition.input as z.ZodType<InputOf<S>> | undefined,
    rules: definition.rules,
    creates: definition.creates === true,
    target: definition.target ?? (asGiven as unknown as Operation<InputOf<S>, Target, Value>['target']),
    run: definition.run,
    ...(definition.warning === undefined ? {} : { warning: definition.warning }),
    ...(definition.endpoint === undefined ? {} : { endpoint: definition.endpoint }),
  };
}
