/**
 * What a handler answers: a status, a JSON body and optional extra headers. An error answer is built in
 * `outcome.ts` (`errorAnswer`, `refusal`), where its status comes from its code.
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
}

/** A successful answer. */
export function success(status: number, body: unknown): Answer {
  return { status, body };
}
