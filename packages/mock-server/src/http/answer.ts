import type { ErrorCode } from '@glm/domain';
import type { FaultNetwork } from '@glm/domain/test-helpers';
import { type ApiError, errorBody, type Outcome, refusal, statusOf } from '../core/outcome.ts';

/**
 * What a handler answers: a status, a JSON body and optional extra headers. An error answer is built by
 * {@link errorAnswer} or {@link refusalAnswer}, whose status comes from the refusal's code.
 */
export interface Answer {
  /** HTTP status. */
  readonly status: number;
  /** JSON body (the bare resource or list; the router adds checkout envelopes). */
  readonly body: unknown;
  /** Extra response headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * True when the answer refuses the request's shape while it is parsed, before the operation ran. An
   * idempotency store does not keep such an answer, so a corrected retry with the same key runs.
   */
  readonly beforeOperation?: true;
  /**
   * The `x-request-id` to answer with when it is not this request's own: an idempotent replay answers
   * the original request's id, as it answers its body.
   */
  readonly requestId?: string;
  /**
   * What the transport does instead of sending the answer whole, when a fault asked for it: close the
   * connection (`reset`), send nothing until the client gives up (`timeout`), or cut the body half-way
   * (`truncated`), or send the body slowly (`slow_body`, at `rateBytesPerSecond`).
   */
  readonly network?: FaultNetwork;
  /** The rate of a `slow_body` answer, in bytes a second. */
  readonly rateBytesPerSecond?: number;
}

/** A successful answer. */
export function success(status: number, body: unknown): Answer {
  return { status, body };
}

/** The answer of a refusal: its status and error body. */
export function errorAnswer(error: ApiError): Answer {
  const answer: Answer = { status: statusOf(error), body: errorBody(error) };
  return error.beforeOperation === true ? { ...answer, beforeOperation: true } : answer;
}

/** Optional parts of a {@link refusalAnswer}. */
export interface RefusalExtras {
  /** The offending parameter. */
  readonly param?: string;
  /** Extra response headers (`Allow`, `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The answer of one of the server's own refusals, made before or around an operation (authentication,
 * test-only guard, rate limit, bodies, idempotency keys, routes and methods, the transport's): like an
 * operation's refusal, its status is its code's (see {@link statusOf}), never named by the caller.
 */
export function refusalAnswer(code: ErrorCode, message: string, extras: RefusalExtras = {}): Answer {
  const answer = errorAnswer(refusal(code, message, { param: extras.param }));
  return extras.headers === undefined ? answer : { ...answer, headers: extras.headers };
}

/** The answer of an outcome: `status` (200 or 201) with its value, or the refusal's answer. */
export function answerOf<T>(outcome: Outcome<T>, status: 200 | 201 = 200): Answer {
  return outcome.ok ? { status, body: outcome.value } : errorAnswer(outcome);
}
