import type { DeclineCode, TriggerObjects } from '@glm/domain/test-helpers';
import { setAtPath } from '@glm/domain/test-helpers';
import { type ApiError, type Outcome, refusal } from '../../core/outcome.ts';
import type { Operation } from '../define-operation.ts';
import { invoke } from '../invoke.ts';
import type { OperationContext } from '../operation-context.ts';
import type { RequestBody } from './sample-bodies.ts';
import type { TriggerRequestName } from './trigger-requests.ts';

/** An existing object a trigger can be given: `--product`, `--customer`, `--subscription`, `--order`. */
export type ObjectName = keyof TriggerObjects;

/** What a flow was given (`objects`) and an object it made or used on the way. */
interface MadeObject {
  /** Its kind: `product`, `checkout_session`, `order`, `refund`, … */
  readonly object: string;
  /** Its id. */
  readonly id: string | number;
}

/** Stops a flow with the refusal its answer carries; thrown inside the trigger and caught there. */
export class FlowStopped extends Error {
  /** The refusal. */
  readonly refusal: ApiError;

  constructor(refusal: ApiError) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/** What a flow runs with: the service, what it was given, and the calls that make its requests. */
export interface FlowStep {
  /** The service and mode it acts on. */
  readonly context: OperationContext;
  /** The existing objects it was given (checked to exist before it runs). */
  readonly objects: TriggerObjects;
  /** A short suffix that keeps this run's merchant product ids, references and e-mails apart from others. */
  readonly tag: string;
  /** The decline asked for (`decline`), checked to be one the flow produces; `undefined` for its own. */
  readonly decline: DeclineCode | undefined;
  /** The body of `request`: `defaults` with the overrides of that request set on it. */
  body(request: TriggerRequestName, defaults: RequestBody): RequestBody;
  /**
   * Makes `request`: runs `operation` with its body (see {@link FlowStep.body}) on the target `id`, and
   * answers its value; a refusal stops the flow, naming the request.
   */
  send<Input, Target, Value>(
    request: TriggerRequestName,
    operation: Operation<Input, Target, Value>,
    defaults: RequestBody,
    id?: string,
  ): Value;
  /** Runs an operation that takes nothing to override (a capture, a refund's success); a refusal stops the flow. */
  act<Input, Target, Value>(operation: Operation<Input, Target, Value>, id: string): Value;
  /** Records an object the flow made or used. */
  made(object: string, id: string | number): void;
  /** Stops the flow with a refusal. */
  stop(refusal: ApiError): never;
  /** Moves the clock to `at` (epoch ms, never backwards), running what falls due on the way. */
  advanceTo(at: number): void;
}

/** What {@link createFlowStep} needs: the service, the overrides by request and the objects given. */
interface FlowStepInput {
  readonly context: OperationContext;
  readonly overrides: ReadonlyMap<TriggerRequestName, readonly (readonly [string, unknown])[]>;
  readonly objects: TriggerObjects;
  readonly tag: string;
  readonly decline: DeclineCode | undefined;
}

/** A flow's step, and what it recorded: the objects made or used and the requests made. */
export interface RecordingFlowStep extends FlowStep {
  /** The objects made or used, in order. */
  readonly madeObjects: readonly MadeObject[];
  /** The requests the flow made. */
  readonly sent: ReadonlySet<TriggerRequestName>;
}

/** The refusal of one request of the flow, naming it: `checkout.customer.email`. */
function refusedRequest(request: TriggerRequestName, refused: ApiError): ApiError {
  return refusal(refused.code, `The trigger's ${request} request was refused: ${refused.message}`, {
    param: refused.param === undefined ? request : `${request}.${refused.param}`,
    details: refused.details?.map((detail) => ({ ...detail, field: `${request}.${detail.field}` })),
    ...(refused.status === undefined ? {} : { status: refused.status }),
  });
}

/** Builds the {@link FlowStep} of one run of a flow. */
export function createFlowStep({
  context,
  overrides,
  objects,
  tag,
  decline,
}: FlowStepInput): RecordingFlowStep {
  const madeObjects: MadeObject[] = [];
  const sent = new Set<TriggerRequestName>();
  const stop = (refusal: ApiError): never => {
    throw new FlowStopped(refusal);
  };
  const run = <Input, Target, Value>(
    operation: Operation<Input, Target, Value>,
    input: unknown,
    id: string,
  ): Outcome<Value> => {
    const outcome = invoke(context, operation, input, id);
    // Every operation a flow makes answers at once; only webhook operations answer later.
    if (outcome instanceof Promise) return stop(refusal('internal_error', 'A trigger step answered later.'));
    return outcome;
  };
  const body = (request: TriggerRequestName, defaults: RequestBody): RequestBody => {
    sent.add(request);
    let patched = defaults;
    for (const [path, value] of overrides.get(request) ?? []) patched = setAtPath(patched, path, value);
    return patched;
  };
  return {
    context,
    objects,
    tag,
    decline,
    madeObjects,
    sent,
    body,
    send(request, operation, defaults, id = '') {
      const outcome = run(operation, body(request, defaults), id);
      return outcome.ok ? outcome.value : stop(refusedRequest(request, outcome));
    },
    act(operation, id) {
      const outcome = run(operation, {}, id);
      return outcome.ok ? outcome.value : stop(outcome);
    },
    made(object, id) {
      madeObjects.push({ object, id });
    },
    stop,
    advanceTo(at) {
      context.engine.advanceTo(new Date(Math.max(at, context.engine.clockNow().getTime())));
    },
  };
}
