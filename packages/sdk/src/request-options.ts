import type { Hooks } from './hooks.ts';

/**
 * Options of `fetch` passed through as they are: the `RequestInit` ones (`keepalive`, `cache`, `credentials`,
 * `redirect`, …) go on the request, the others go to `fetch` as its second argument, such as undici's
 * `dispatcher` for a proxy (`new ProxyAgent(url)`) or a keep-alive agent. The method, headers, body and
 * signal are the client's.
 */
export type FetchOptions = Omit<RequestInit, 'method' | 'headers' | 'body' | 'signal'> & {
  readonly [option: string]: unknown;
};

/** Limits, headers and hooks that a client sets for all its calls and a single call may override or add to. */
export interface CallSettings {
  /** Per-attempt limit in ms, covering the headers and the whole body. Client default 30 000. */
  readonly timeout?: number | undefined;
  /** Limit in ms on a whole call, retries and sleeps included. Client default: none. */
  readonly deadline?: number | undefined;
  /** Retries after a failed attempt (network error, attempt timeout, 408, 409, 429, 5xx). Client default 2. */
  readonly maxRetries?: number | undefined;
  /** Extra headers (a call's are merged over the client's). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * Functions called before each attempt, after each answer, before each retry and when the call fails
   * (see {@link Hooks}). A call's hooks run after the client's, which they do not replace. Default: none.
   */
  readonly hooks?: Hooks | undefined;
  /**
   * Tell hooks the bodies: `requestBody` in `beforeRequest` and `responseBody` in `afterResponse`, each
   * a copy with secrets (keys, tokens, passwords) and card numbers removed. Default false.
   */
  readonly hookBodies?: boolean | undefined;
  /** Options of `fetch` passed through (see {@link FetchOptions}); a call's are merged over the client's. */
  readonly fetchOptions?: FetchOptions | undefined;
}

/** Options of one call; each of {@link CallSettings} overrides the client's setting for that call only (hooks add to the client's). */
export interface RequestOptions extends CallSettings {
  /** Aborts the call: the request in flight, a backoff sleep, or a page walk. */
  readonly signal?: AbortSignal | undefined;
  /**
   * The `Idempotency-Key` for a POST (1–255 printable ASCII). When omitted a UUID v4 is generated;
   * either way the same key is sent on every retry of this call.
   */
  readonly idempotencyKey?: string | undefined;
  /**
   * The API key for this call only, in place of the client's: for a platform that acts for many
   * merchants with one client. Checked like the client's (a malformed key rejects the call before any
   * request); test helpers refuse a live one.
   */
  readonly apiKey?: string | undefined;
}
