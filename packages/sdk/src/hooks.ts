import type { GlmError } from './errors/glm-error.ts';

/** The HTTP methods a call can use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What every hook is told about a call. It never holds the API key, the request's headers or the query,
 * nor the bodies unless asked (`hookBodies`, which removes secrets and card numbers): only what
 * identifies the call and its outcome, safe to put in a trace or an audit log.
 */
export interface HookContext {
  /**
   * An id of the call, the same in each of its hooks and unique in this process (`call_1`, `call_2`, …):
   * it ties the hooks of one call together when calls run at the same time (a span per call).
   */
  readonly callId: string;
  /** The call's HTTP method. */
  readonly method: HttpMethod;
  /** The call's path below the base URL, as sent (ids percent-encoded), without the query. */
  readonly path: string;
  /** The attempt this is about, from 1 (0 for a call refused before its first attempt). */
  readonly attempt: number;
  /** The `Idempotency-Key` of the call (every attempt of a call sends the same one); undefined for a GET. */
  readonly idempotencyKey: string | undefined;
  /** The answer's `x-request-id` (or the checkout envelope's `metadata.request_id`); undefined before an answer or without one. */
  readonly requestId: string | undefined;
  /** The answer's HTTP status; undefined before an answer, or when the attempt got none (timeout, lost connection). */
  readonly status: number | undefined;
  /** How long it took, in ms: the attempt's (request sent to body read) or, in `onError`, the whole call's. Undefined before an attempt. */
  readonly durationMs: number | undefined;
}

/** What `beforeRequest` is told: the attempt about to be sent; nothing is known of its answer yet. */
export interface BeforeRequestContext extends HookContext {
  /** The JSON body sent, with secrets and card numbers removed: only with the `hookBodies` option. */
  readonly requestBody?: unknown;
  /** Always undefined here. */
  readonly requestId: undefined;
  /** Always undefined here. */
  readonly status: undefined;
  /** Always undefined here. */
  readonly durationMs: undefined;
}

/** What `afterResponse` is told: an attempt got an answer, whatever its status (a 2xx, a 4xx, a 5xx). */
export interface AfterResponseContext extends HookContext {
  /** The answer's parsed body, with secrets and card numbers removed: only with the `hookBodies` option. */
  readonly responseBody?: unknown;
  /** The answer's HTTP status. */
  readonly status: number;
  /** The attempt's duration, in ms, from sending the request to reading the whole body. */
  readonly durationMs: number;
}

/**
 * What `beforeRetry` is told: the failed attempt (`attempt`, `status`, `requestId`, `durationMs`), why it
 * failed, and the wait that followed it.
 */
export interface BeforeRetryContext extends HookContext {
  /** The failed attempt's duration, in ms. */
  readonly durationMs: number;
  /** Why the attempt failed: an `APIError` (`status` is its), a `TimeoutError` or a `ConnectionError`. */
  readonly error: GlmError;
  /** How long the client waited after the failed attempt, in ms (the server's `Retry-After`, or the backoff). */
  readonly delayMs: number;
}

/** What `onError` is told: the call failed, with the error its caller gets. */
export interface ErrorContext extends HookContext {
  /** The whole call's duration, in ms: every attempt and every wait. */
  readonly durationMs: number;
  /** The error the call rejects with. */
  readonly error: GlmError;
}

/** A hook: it may return a promise, which the client awaits. */
export type Hook<Context> = (context: Context) => void | Promise<void>;

/**
 * Functions the client calls during a call, to trace it, time it or log it. Set them on the client
 * (`new Glm({ hooks })`) and on a call (`{ hooks }` in its options); a call runs the client's first,
 * then its own. Each list runs in order, and each hook is awaited, so a slow hook slows the call. `beforeRequest`
 * and `beforeRetry` run as ky's hooks of those names, before the attempt's `timeout` starts;
 * `afterResponse` runs once the body is read, within the attempt, so its time counts toward the
 * `timeout`. All count toward the `deadline`.
 *
 * A hook observes: it cannot change a request or an answer. A hook that throws (or rejects) ends the call
 * at once, without a retry, and the call rejects with what the hook threw; `onError` is not called for
 * it.
 */
export interface Hooks {
  /** Before each attempt is sent, retries included. */
  readonly beforeRequest?: readonly Hook<BeforeRequestContext>[] | undefined;
  /** After each attempt that got an answer, whatever its status, once its body is read. */
  readonly afterResponse?: readonly Hook<AfterResponseContext>[] | undefined;
  /** Before each retry: after the failed attempt and the wait that follows it, just before `beforeRequest` of the next attempt. */
  readonly beforeRetry?: readonly Hook<BeforeRetryContext>[] | undefined;
  /**
   * Once, when the call fails for good: retries used up, an error that is not retried, a timeout, an
   * abort. Not for a call whose options are refused before it starts (a malformed `idempotencyKey` or
   * `apiKey`), which rejects at once.
   */
  readonly onError?: readonly Hook<ErrorContext>[] | undefined;
}
