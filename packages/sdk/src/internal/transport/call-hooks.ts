import { APIError } from '../../errors/api-error.ts';
import type { GlmError } from '../../errors/glm-error.ts';
import type { Hook, HookContext, Hooks } from '../../hooks.ts';
import type { Answer } from './answer.ts';
import { type Call, now } from './call.ts';

/** True when `hooks` holds at least one hook. */
export const hasHooks = (hooks: Hooks | undefined): boolean =>
  hooks !== undefined && Object.values(hooks).some((list) => list !== undefined && list.length > 0);

let calls = 0;

/** A new call id for hooks' contexts: `call_1`, `call_2`, … */
export const nextCallId = (): string => `call_${++calls}`;

/**
 * Runs the client's hooks of one kind, then the call's, awaiting each. What one throws is recorded on the
 * call, which then ends with it, and rethrown.
 */
async function run(call: Call, kind: keyof Hooks, context: HookContext): Promise<void> {
  try {
    for (const hooks of [call.config.hooks, call.hooks]) {
      for (const hook of (hooks?.[kind] ?? []) as readonly Hook<HookContext>[]) await hook(context);
    }
  } catch (thrown) {
    call.hookFailure = { thrown };
    throw thrown;
  }
}

/** What every hook is told about attempt `attempt`, with the status and request id of its answer, if any. */
function contextOf(
  call: Call,
  attempt: number,
  answer: { readonly status: number; readonly requestId: string | undefined } | undefined,
  durationMs: number | undefined,
): HookContext {
  return {
    callId: call.id,
    method: call.spec.method,
    path: call.spec.path,
    attempt,
    idempotencyKey: call.idempotencyKey,
    requestId: answer?.requestId,
    status: answer?.status,
    durationMs,
  };
}

/** The context of a failure: an `APIError`'s status and request id, and the error. */
const failureContext = (call: Call, attempt: number, error: GlmError, durationMs: number) => ({
  ...contextOf(call, attempt, error instanceof APIError ? error : undefined, durationMs),
  error,
});

/**
 * Runs the hooks of an attempt about to be sent: `beforeRetry` (from the second attempt: the failed one
 * before it, the error and the wait) and `beforeRequest`.
 */
export async function runBeforeAttempt(call: Call, attempt: number): Promise<void> {
  if (attempt > 1) {
    await run(call, 'beforeRetry', {
      ...failureContext(call, attempt - 1, call.failure as GlmError, call.attemptMs),
      delayMs: call.wait,
    } as HookContext);
  }
  await run(call, 'beforeRequest', contextOf(call, attempt, undefined, undefined));
}

/** Runs the `afterResponse` hooks of an attempt that got an answer. */
export const runAfterResponse = (call: Call, answer: Answer): Promise<void> =>
  run(
    call,
    'afterResponse',
    contextOf(
      call,
      answer.attempt,
      { status: answer.received.status, requestId: answer.requestId },
      call.attemptMs,
    ),
  );

/** Runs a failed call's `onError` hooks with the error its caller gets. */
export const runOnError = (call: Call, error: GlmError): Promise<void> =>
  run(call, 'onError', failureContext(call, call.attempts, error, now() - call.startedAt));
