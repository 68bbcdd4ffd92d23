import type { Hooks as KyHooks } from 'ky';
import { APIError } from '../../errors/api-error.ts';
import type { GlmError } from '../../errors/glm-error.ts';
import type { Hook, Hooks } from '../../hooks.ts';
import { bodyRequestId } from './answer.ts';
import { jsonOf } from './attempt-answer.ts';
import { type Call, type CallHooks, now } from './call.ts';

const NONE: readonly never[] = [];

function joined<H>(client: readonly H[] | undefined, call: readonly H[] | undefined): readonly H[] {
  if (call === undefined || call.length === 0) return client ?? NONE;
  if (client === undefined || client.length === 0) return call;
  return [...client, ...call];
}

/** The hooks of a call, or undefined when neither the client nor the call has any. */
export function callHooksOf(client: Hooks | undefined, call: Hooks | undefined): CallHooks | undefined {
  if (client === undefined && call === undefined) return undefined;
  const hooks: CallHooks = {
    beforeRequest: joined(client?.beforeRequest, call?.beforeRequest),
    afterResponse: joined(client?.afterResponse, call?.afterResponse),
    beforeRetry: joined(client?.beforeRetry, call?.beforeRetry),
    onError: joined(client?.onError, call?.onError),
  };
  const some =
    hooks.beforeRequest.length + hooks.afterResponse.length + hooks.beforeRetry.length + hooks.onError.length;
  return some === 0 ? undefined : hooks;
}

/** Runs hooks in order, awaiting each; what one throws is recorded on the call (which then ends with it) and rethrown. */
async function run<C>(call: Call, hooks: readonly Hook<C>[], context: C): Promise<void> {
  try {
    for (const hook of hooks) await hook(context);
  } catch (thrown) {
    call.hookFailure = { thrown };
    throw thrown;
  }
}

let calls = 0;

/** A new call id for hooks' contexts: `call_1`, `call_2`, … */
export function nextCallId(): string {
  calls += 1;
  return `call_${calls}`;
}

function base(call: Call, attempt: number) {
  return {
    callId: call.id,
    method: call.spec.method,
    path: call.spec.path,
    attempt,
    idempotencyKey: call.idempotencyKey,
  };
}

/** The status and request id a typed error carries (an `APIError`'s), for a hook's context. */
function answerFieldsOf(error: GlmError): { status: number | undefined; requestId: string | undefined } {
  return error instanceof APIError
    ? { status: error.status, requestId: error.requestId }
    : { status: undefined, requestId: undefined };
}

/**
 * ky's hooks for a call's `beforeRequest`, `afterResponse` and `beforeRetry` (only the kinds the call
 * has: ky clones every answer for an `afterResponse` hook). `onError` is not one of ky's: its
 * `beforeError` sees every failed answer, retried or not, and no timeout or lost connection, so the
 * client calls `onError` itself once the call has failed ({@link runOnError}).
 */
export function kyHooksOf(call: Call, hooks: CallHooks): KyHooks {
  const kyHooks: KyHooks = {};
  if (hooks.beforeRequest.length > 0) {
    kyHooks.beforeRequest = [
      async (_request, _options, { retryCount }) => {
        await run(call, hooks.beforeRequest, {
          ...base(call, retryCount + 1),
          requestId: undefined,
          status: undefined,
          durationMs: undefined,
        });
      },
    ];
  }
  if (hooks.afterResponse.length > 0) {
    kyHooks.afterResponse = [
      async (_request, _options, response, { retryCount }) => {
        // ky hands the hook a clone of the response the attempt's fetch gave it: that attempt's answer.
        const { answer } = call;
        const parsed = answer === undefined ? undefined : jsonOf(answer).parsed;
        await run(call, hooks.afterResponse, {
          ...base(call, retryCount + 1),
          requestId:
            response.headers.get('x-request-id') ??
            (parsed?.ok === true ? bodyRequestId(parsed.value) : undefined),
          status: response.status,
          durationMs: call.attemptMs,
        });
      },
    ];
  }
  if (hooks.beforeRetry.length > 0) {
    kyHooks.beforeRetry = [
      async ({ retryCount }) => {
        const error = call.lastError;
        if (error === undefined) return;
        await run(call, hooks.beforeRetry, {
          ...base(call, retryCount),
          ...answerFieldsOf(error),
          durationMs: call.attemptMs,
          error,
          delayMs: call.wait,
        });
      },
    ];
  }
  return kyHooks;
}

/** Runs a failed call's `onError` hooks with the error its caller gets. */
export function runOnError(call: Call, hooks: CallHooks, error: GlmError): Promise<void> {
  return run(call, hooks.onError, {
    ...base(call, call.attempts),
    ...answerFieldsOf(error),
    durationMs: now() - call.startedAt,
    error,
  });
}
