/** Limits and headers that a client sets for all its calls and a single call may override. */
export interface CallSettings {
  /** Per-attempt limit in ms, covering the headers and the whole body. Client default 30 000. */
  readonly timeout?: number | undefined;
  /** Limit in ms on a whole call, retries and sleeps included. Client default: none. */
  readonly deadline?: number | undefined;
  /** Retries after a failed attempt (network error, attempt timeout, 408, 409, 429, 5xx). Client default 2. */
  readonly maxRetries?: number | undefined;
  /** Extra headers (a call's are merged over the client's). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Options of one call; each of {@link CallSettings} overrides the client's setting for that call only. */
export interface RequestOptions extends CallSettings {
  /** Aborts the call: the request in flight, a backoff sleep, or a page walk. */
  readonly signal?: AbortSignal | undefined;
  /**
   * The `Idempotency-Key` for a POST (1–255 printable ASCII). When omitted a UUID v4 is generated;
   * either way the same key is sent on every retry of this call.
   */
  readonly idempotencyKey?: string | undefined;
}
