import type { GlmError } from '../../errors/glm-error.ts';
import type {
  AfterResponseContext,
  BeforeRequestContext,
  BeforeRetryContext,
  ErrorContext,
  Hook,
} from '../../hooks.ts';
import type { AttemptAnswer } from './attempt-answer.ts';
import type { Deadline } from './deadline.ts';
import type { RequestSpec } from './request-spec.ts';
import type { TransportConfig } from './transport-config.ts';

/** A call's hooks: the client's, then the call's own. */
export interface CallHooks {
  readonly beforeRequest: readonly Hook<BeforeRequestContext>[];
  readonly afterResponse: readonly Hook<AfterResponseContext>[];
  readonly beforeRetry: readonly Hook<BeforeRetryContext>[];
  readonly onError: readonly Hook<ErrorContext>[];
}

/** A monotonic clock for durations (`Date.now()` where `performance` is missing). */
export const now: () => number =
  typeof globalThis.performance?.now === 'function' ? () => globalThis.performance.now() : () => Date.now();

/**
 * One logical call: what its attempts share (resolved once, before the first) and what they learn as they
 * go. ky runs the attempts; the functions handed to it (the attempt's fetch, the retry decision, the hooks)
 * read and write this record.
 */
export interface Call {
  readonly config: TransportConfig;
  readonly spec: RequestSpec;
  readonly url: string;
  /** The query's values, for the debug log. */
  readonly query: Readonly<Record<string, string | number | boolean>> | undefined;
  readonly headers: Record<string, string>;
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** The same key on every attempt: the service applies the call once. */
  readonly idempotencyKey: string | undefined;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly deadline: Deadline | undefined;
  readonly hooks: CallHooks | undefined;
  /** The call's id in its hooks' contexts; empty when the call has no hooks. */
  readonly id: string;
  /** When the call started, on {@link now}'s clock (read only when the call has hooks, which report durations). */
  readonly startedAt: number;
  /** Attempts sent so far. */
  attempts: number;
  /** When the current attempt was sent, on {@link now}'s clock. */
  attemptStartedAt: number;
  /** The last attempt's answer, once its body is read. */
  answer: AttemptAnswer | undefined;
  /** How long the last attempt took, in ms. */
  attemptMs: number;
  /** What the last failed attempt threw, and that failure as a typed error (built once, by the retry decision). */
  lastThrown: unknown;
  lastError: GlmError | undefined;
  /** The wait before the next attempt, chosen by the retry decision and handed to ky as its `retry.delay`. */
  wait: number;
  /** An error that ends the call in place of the last failure (the deadline's), set by the retry decision. */
  final: GlmError | undefined;
  /** What a hook threw: the call ends with it, as it is. */
  hookFailure: { readonly thrown: unknown } | undefined;
}
