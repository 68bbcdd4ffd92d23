import type { Hooks as KyHooks } from 'ky';
import { APIError } from '../../errors/api-error.ts';
import type { GlmError } from '../../errors/glm-error.ts';
import type { Hook, HookContext, Hooks } from '../../hooks.ts';
import type { CallAnswer } from '../call-answer.ts';
import { redact } from '../redact.ts';
import type { CallFacts } from '../request-spec.ts';

/** A monotonic clock for durations (`Date.now()` where `performance` is missing). */
const now = (): number => globalThis.performance?.now() ?? Date.now();
let calls = 0;

/** What the hooks of a call read of it: whether contexts carry the bodies, and a failure as its typed error. */
export interface HookedCall extends CallFacts {
  readonly bodies: boolean | undefined;
  readonly errorOf: (thrown: unknown) => GlmError;
}

/** A call's hooks as ky's, plus what ky has none for: an answer read, a failed attempt's end, the call's end. */
export interface CallHooks {
  readonly ky: KyHooks;
  /** What a hook threw, if one did: the call ends with it. */
  thrown: { readonly value: unknown } | undefined;
  failed(): void;
  onError(error: GlmError, attempts: number): Promise<void>;
  /**
   * Runs `afterResponse` for an answer read, within the attempt's `timeout`. Not ky's hook of that name,
   * which hands each hook a clone of the response (a stream tee) when the body is already read.
   */
  answered(answer: CallAnswer): Promise<void>;
}

/**
 * The client's then the call's hooks for one call (undefined when there are none: such a call hands ky no
 * hooks and reads no clock). Each runs in order, awaited; what one throws ends the call, as in ky.
 */
export function callHooks(lists: readonly (Hooks | undefined)[], call: HookedCall): CallHooks | undefined {
  if (!lists.some((hooks) => Object.values(hooks ?? {}).some((list) => list?.length))) return undefined;
  const startedAt = now();
  let [sentAt, failedAt] = [startedAt, startedAt];
  const base = {
    callId: `call_${++calls}`,
    method: call.spec.method,
    path: call.spec.path,
    idempotencyKey: call.idempotencyKey,
    requestId: undefined,
    status: undefined,
    durationMs: undefined,
  };
  const context = (attempt: number, outcome: object | false | undefined) =>
    ({ ...base, attempt, ...outcome }) as HookContext;
  const failure = (error: GlmError, attempt: number, durationMs: number) => {
    const answered = error instanceof APIError && { requestId: error.requestId, status: error.status };
    return context(attempt, { ...answered, durationMs, error });
  };
  const self: CallHooks = {
    thrown: undefined,
    failed: () => {
      failedAt = now();
    },
    onError: (error, attempts) => run('onError', failure(error, attempts, now() - startedAt)),
    answered: (answer) => {
      const { requestId, received, body, attempt } = answer;
      const outcome = { requestId, status: received.status, durationMs: now() - sentAt };
      return run(
        'afterResponse',
        context(attempt, { ...outcome, ...(call.bodies && { responseBody: redact(body) }) }),
      );
    },
    ky: {
      beforeRequest: [
        async (_request, _options, { retryCount }) => {
          await run(
            'beforeRequest',
            context(retryCount + 1, call.bodies && { requestBody: redact(call.spec.body) }),
          );
          sentAt = now();
        },
      ],
      beforeRetry: [
        async ({ error, retryCount }) => {
          const failed = failure(call.errorOf(error), retryCount, failedAt - sentAt);
          await run('beforeRetry', { ...failed, delayMs: now() - failedAt } as HookContext);
        },
      ],
    },
  };
  async function run(kind: keyof Hooks, hookContext: HookContext): Promise<void> {
    try {
      for (const hooks of lists) {
        for (const hook of (hooks?.[kind] ?? []) as readonly Hook<HookContext>[]) await hook(hookContext);
      }
    } catch (thrown) {
      self.thrown = { value: thrown };
      throw thrown;
    }
  }
  return self;
}
