import type { GlmError, GlmErrorOptions } from '../../errors/glm-error.ts';
import type { Hooks } from '../../hooks.ts';
import type { Answer } from './answer.ts';
import type { Deadline } from './deadline.ts';
import type { RequestSpec } from './request-spec.ts';
import type { TransportConfig } from './transport-config.ts';

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
  /** The caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** The same key on every attempt: the service applies the call once. */
  readonly idempotencyKey: string | undefined;
  /** The headers of every attempt (`headersFor`), set by the attempt's fetch. */
  readonly headers: Readonly<Record<string, string>>;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly deadline: Deadline | undefined;
  /** The call's own hooks (the client's are its configuration's). */
  readonly hooks: Hooks | undefined;
  /** True when the client or the call has a hook: only then are hooks run and durations timed. */
  readonly hooked: boolean;
  /** The call's id in its hooks' contexts; empty when it has none. */
  readonly id: string;
  /** When the call started, on {@link now}'s clock (read only when it has hooks). */
  readonly startedAt: number;
  /** Attempts sent so far. */
  attempts: number;
  /** When the current attempt was sent, and how long the last one took, in ms (timed only with hooks). */
  attemptStartedAt: number;
  attemptMs: number;
  /** The last answer read. */
  answer?: Answer | undefined;
  /** The last failed attempt as a typed error, and the wait before the next one (ky's `retry.delay`). */
  failure?: GlmError | undefined;
  wait: number;
  /** The error the call ends with, when the retry decision chose it (no retry, or one past the deadline). */
  final?: GlmError | undefined;
  /** What a hook threw: the call ends with it, as it is. */
  hookFailure?: { readonly thrown: unknown } | undefined;
}

/** The options of a typed error about this call: its cause, idempotency key and attempts so far. */
export const errorOptions = (call: Call, cause?: unknown): GlmErrorOptions => ({
  cause,
  idempotencyKey: call.idempotencyKey,
  attempts: call.attempts,
});
