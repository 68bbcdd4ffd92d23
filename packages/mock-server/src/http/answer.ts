/** One `{field, message}` entry of an error's `details` (interface 7). */
interface ErrorDetail {
  /** Dotted path of the offending field (`line_items[0].price`). */
  readonly field: string;
  /** What is wrong with it. */
  readonly message: string;
}

/** What a handler answers: a status, a JSON body and optional extra headers. */
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
}

/** Optional parts of an error body. */
export interface FailureExtras {
  /** The offending parameter. */
  readonly param?: string | undefined;
  /** Per-field validation messages. */
  readonly details?: readonly ErrorDetail[] | undefined;
  /** Extra response headers (`Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A successful answer. */
export function success(status: number, body: unknown): Answer {
  return { status, body };
}

/**
 * An error answer with the body `{error: {code, message, param?, details?}}` of interface 7, for the
 * transport's own refusals (authentication, limits, bodies, idempotency). An operation's refusal is an
 * `ApiError` (`outcome.ts`) whose status comes from its code.
 */
export function failure(status: number, code: string, message: string, extras: FailureExtras = {}): Answer {
  const error: Record<string, unknown> = { code, message };
  if (extras.param !== undefined) error['param'] = extras.param;
  if (extras.details !== undefined && extras.details.length > 0) error['details'] = extras.details;
  return extras.headers === undefined
    ? { status, body: { error } }
    : { status, body: { error }, headers: extras.headers };
}
