import ky, { type KyInstance, TimeoutError as KyTimeoutError, type Options } from 'ky';
import { AbortError } from '../errors/abort-error.ts';
import { APIError } from '../errors/api-error.ts';
import { ConnectionError } from '../errors/connection-error.ts';
import { GlmError } from '../errors/glm-error.ts';
import { ResponseValidationError } from '../errors/response-validation-error.ts';
import { TimeoutError } from '../errors/timeout-error.ts';
import type { Logger } from '../logging.ts';
import type { RequestOptions } from '../request-options.ts';
import type { RateLimitInfo, ResponseMeta } from '../response-meta.ts';
import { readErrorBody } from './error-body.ts';
import { checkIdempotencyKey, newIdempotencyKey } from './idempotency-key.ts';
import { makeAPIError } from './make-api-error.ts';
import { backoffMs, isInFlightConflict, isRetryableStatus, retryAfterMs } from './retry-policy.ts';
import { sleep } from './sleep.ts';

/** Everything the transport needs, resolved once by the client. */
export interface TransportConfig {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly deadline: number | undefined;
  readonly maxRetryAfter: number;
  readonly autoIdempotencyKeys: boolean;
  readonly logger: Logger;
  /** True when `logger` keeps debug lines; when false, a call builds none of their details. */
  readonly logDebug: boolean;
  readonly random: () => number;
}

/** Query values; `undefined` and `null` are left out. */
export type QueryValue = string | number | boolean | null | undefined;

/** One call, before options. `path` is already encoded (see `path.ts`). */
export interface RequestSpec {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>> | undefined;
  readonly body?: unknown;
}

/**
 * A successful answer: the raw response (unread; built on first read of `response`, see
 * {@link rawResponse}), its parsed JSON body, the call's meta (built from the headers on first read) and
 * the request it answers.
 */
export interface RawResult {
  readonly response: Response;
  readonly body: unknown;
  readonly meta: ResponseMeta;
  readonly spec: RequestSpec;
}

type AttemptOutcome =
  | {
      readonly kind: 'answer';
      readonly response: Response;
      readonly bytes: Uint8Array<ArrayBuffer>;
      readonly text: string;
    }
  | { readonly kind: 'failure'; readonly error: GlmError };

function intHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

function rateLimitOf(headers: Headers): RateLimitInfo {
  return {
    limit: intHeader(headers, 'x-ratelimit-limit'),
    remaining: intHeader(headers, 'x-ratelimit-remaining'),
    reset: intHeader(headers, 'x-ratelimit-reset'),
  };
}

const NOT_JSON = { ok: false } as const;
const NO_BODY = { ok: true, value: undefined } as const;

/** The body's JSON; an empty or blank body is `undefined` (checked only when the text does not parse). */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return text.trim() === '' ? NO_BODY : NOT_JSON;
  }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The request id a body carries (checkout envelopes and checkout errors). */
function bodyRequestId(body: unknown): string | undefined {
  return optionalString(field(field(body, 'metadata'), 'request_id'));
}

// What `Response.text()` does with the bytes: UTF-8, a leading BOM dropped, bad sequences replaced.
const utf8 = new TextDecoder();

const EMPTY_BODY = new Uint8Array(0);

/**
 * Reads the body's bytes with a stream reader (a few microseconds less than `arrayBuffer()`, which
 * copies what it collected once more); `stop` is handed a function that ends the read (the attempt's
 * timer and the caller's signal use it), so a body that stalls is a timeout like slow headers.
 */
async function readBody(
  response: Response,
  stop: { cancel: ((reason: unknown) => void) | undefined },
): Promise<Uint8Array<ArrayBuffer>> {
  const stream = response.body;
  if (stream === null) return EMPTY_BODY;
  const reader = stream.getReader();
  // Cancelling the reader ends a pending `read()` with `done`; the reason is then thrown here.
  let stopped: { reason: unknown } | undefined;
  stop.cancel = (reason: unknown): void => {
    stopped = { reason };
    reader.cancel(reason).catch(() => undefined);
  };
  try {
    const chunks: Uint8Array[] = [];
    let length = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (stopped !== undefined) throw stopped.reason;
      if (done) break;
      // What `arrayBuffer()` refuses too.
      if (!(value instanceof Uint8Array))
        throw new TypeError('The response body gave a chunk that is not bytes.');
      chunks.push(value);
      length += value.byteLength;
    }
    if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
    const bytes = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return bytes;
  } finally {
    stop.cancel = undefined;
  }
}

// Statuses whose responses cannot have a body (fetch standard's "null body status").
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The raw answer handed to `asResponse()`/`withResponse()`, built from the bytes already read: the same
 * status, status text, headers and body bytes, and the original's `url`, `redirected` and `type` (which
 * the `Response` constructor cannot set, so they are own properties of this instance). Building it on
 * demand replaces a `response.clone()` (a stream tee) on every call, about a tenth of an in-process call,
 * that most callers never read.
 */
function rawResponse(original: Response, bytes: Uint8Array<ArrayBuffer>): Response {
  const rebuilt = new Response(NULL_BODY_STATUSES.has(original.status) ? null : bytes, {
    status: original.status,
    statusText: original.statusText,
    headers: original.headers,
  });
  for (const name of ['url', 'redirected', 'type'] as const) {
    Object.defineProperty(rebuilt, name, { value: original[name], enumerable: false, configurable: true });
  }
  return rebuilt;
}

/**
 * A {@link RawResult} whose `response` and `meta` are built on first read and then kept: most callers
 * await the parsed result and read neither (the meta alone is five header lookups).
 */
class Answer implements RawResult {
  readonly body: unknown;
  readonly spec: RequestSpec;
  readonly #original: Response;
  readonly #bytes: Uint8Array<ArrayBuffer>;
  readonly #idempotencyKey: string | undefined;
  readonly #attempts: number;
  #response: Response | undefined;
  #meta: ResponseMeta | undefined;

  constructor(
    original: Response,
    bytes: Uint8Array<ArrayBuffer>,
    body: unknown,
    spec: RequestSpec,
    idempotencyKey: string | undefined,
    attempts: number,
  ) {
    this.body = body;
    this.spec = spec;
    this.#original = original;
    this.#bytes = bytes;
    this.#idempotencyKey = idempotencyKey;
    this.#attempts = attempts;
  }

  get response(): Response {
    this.#response ??= rawResponse(this.#original, this.#bytes);
    return this.#response;
  }

  get meta(): ResponseMeta {
    if (this.#meta === undefined) {
      const { headers, status } = this.#original;
      this.#meta = {
        requestId: headers.get('x-request-id') ?? bodyRequestId(this.body),
        idempotencyKey: this.#idempotencyKey,
        attempts: this.#attempts,
        status,
        replayed: headers.get('idempotent-replayed') === 'true',
        rateLimit: rateLimitOf(headers),
        message: undefined,
      };
    }
    return this.#meta;
  }
}

// One ky instance per client configuration (a client and each of its `withOptions` variants), built on
// its first call: `ky.create` and its option merging cost about 15 % of an in-process call when made per
// call. The fetch is still looked up on every request, so a `globalThis.fetch` patched later (msw) is used.
const kyInstances = new WeakMap<TransportConfig, KyInstance>();

function kyFor(config: TransportConfig): KyInstance {
  let instance = kyInstances.get(config);
  if (instance === undefined) {
    instance = ky.create({
      retry: 0,
      throwHttpErrors: false,
      fetch: (input, init) => (config.fetch ?? globalThis.fetch)(input, init),
    });
    kyInstances.set(config, instance);
  }
  return instance;
}

// The headers every call of a configuration sends (accept, the client's headers, the key), built once per
// configuration; a call with its own headers or an idempotency key copies them.
const baseHeaders = new WeakMap<TransportConfig, Readonly<Record<string, string>>>();

function headersFor(
  config: TransportConfig,
  extra: Readonly<Record<string, string>> | undefined,
  idempotencyKey: string | undefined,
): Record<string, string> {
  let base = baseHeaders.get(config);
  if (base === undefined) {
    base = { accept: 'application/json', ...config.headers, authorization: `Bearer ${config.apiKey}` };
    baseHeaders.set(config, base);
  }
  if (extra === undefined && idempotencyKey === undefined) return base as Record<string, string>;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...config.headers,
    ...extra,
    authorization: `Bearer ${config.apiKey}`,
  };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  return headers;
}

/** The URL of a call: the query written as ky writes `searchParams` (ky's own builds the `Request` twice). */
function urlOf(
  config: TransportConfig,
  spec: RequestSpec,
): { url: string; query: Record<string, string | number | boolean> | undefined } {
  if (spec.query === undefined) return { url: `${config.baseUrl}${spec.path}`, query: undefined };
  const query: Record<string, string | number | boolean> = {};
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(spec.query)) {
    if (value === undefined || value === null) continue;
    query[name] = value;
    pairs.push([name, String(value)]);
  }
  const search = pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`;
  return { url: `${config.baseUrl}${spec.path}${search}`, query };
}

// ky refuses a `timeout` above what `setTimeout` can hold.
const MAX_TIMER_MS = 2_147_483_647;

/** What one call's attempts share, gathered once per call. */
interface Call {
  readonly config: TransportConfig;
  readonly spec: RequestSpec;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly signal: AbortSignal | undefined;
  readonly idempotencyKey: string | undefined;
  readonly deadline: number | undefined;
}

/** How messages name a call: `GET /v2/orders/ord_1`. */
export const labelOf = (spec: RequestSpec): string => `${spec.method} ${spec.path}`;

function abortError(call: Call): AbortError {
  return new AbortError(`${labelOf(call.spec)} was aborted by the caller's signal.`, {
    cause: call.signal?.reason,
    idempotencyKey: call.idempotencyKey,
  });
}

/**
 * Sends one call: builds the request, runs attempts with per-attempt timeouts, decides retries
 * (statuses, network errors, `Retry-After` within the cap and deadline, POST only with a key), and
 * maps failures to typed errors. The same idempotency key goes out on every attempt.
 */
export async function sendRequest(
  config: TransportConfig,
  spec: RequestSpec,
  options: RequestOptions = {},
): Promise<RawResult> {
  const { logger } = config;
  const signal = options.signal;
  const idempotencyKey =
    spec.method !== 'POST'
      ? undefined
      : options.idempotencyKey !== undefined
        ? checkIdempotencyKey(options.idempotencyKey)
        : config.autoIdempotencyKeys
          ? newIdempotencyKey()
          : undefined;
  const maxRetries = options.maxRetries ?? config.maxRetries;
  const timeout = options.timeout ?? config.timeout;
  const deadline = options.deadline ?? config.deadline;
  const deadlineAt = deadline === undefined ? undefined : Date.now() + deadline;
  // A POST without a key could be applied twice if an attempt that looked failed actually landed.
  const mayRetry = spec.method !== 'POST' || idempotencyKey !== undefined;
  const { url, query } = urlOf(config, spec);
  const headers = headersFor(config, options.headers, idempotencyKey);
  const call: Call = { config, spec, url, headers, signal, idempotencyKey, deadline };

  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw abortError(call);
    const remaining = deadlineAt === undefined ? Number.POSITIVE_INFINITY : deadlineAt - Date.now();
    if (remaining <= 0) {
      throw new TimeoutError(
        `${labelOf(spec)} passed its ${deadline}ms deadline.`,
        'deadline',
        deadline ?? 0,
        { idempotencyKey },
      );
    }

    if (config.logDebug) {
      logger.debug(`${labelOf(spec)} attempt ${attempt}`, {
        url,
        headers,
        query: query ?? {},
        body: spec.body,
      });
    }
    const outcome = await runAttempt(call, Math.min(timeout, remaining), remaining < timeout);
    if (outcome === 'aborted') throw abortError(call);

    let error: GlmError;
    let waitHint: number | undefined;
    if (outcome.kind === 'answer') {
      const { response, bytes, text } = outcome;
      const parsed = parseJson(text);
      if (response.ok) {
        if (!parsed.ok) {
          throw new ResponseValidationError(
            `${labelOf(spec)} answered ${response.status} with a body that is not JSON.`,
            { issues: [], body: text, requestId: response.headers.get('x-request-id') ?? undefined },
            { idempotencyKey },
          );
        }
        const answer = new Answer(response, bytes, parsed.value, spec, idempotencyKey, attempt);
        if (config.logDebug) {
          logger.debug(`${labelOf(spec)} answered ${response.status}`, {
            attempts: attempt,
            requestId: answer.meta.requestId,
          });
        }
        return answer;
      }
      const body = parsed.ok ? parsed.value : undefined;
      const problem = readErrorBody(body);
      waitHint = retryAfterMs(response.status, response.headers, Date.now());
      const apiError: APIError = makeAPIError({
        status: response.status,
        code: problem?.code,
        message:
          problem?.message ??
          (response.statusText === '' ? 'the service gave no message' : response.statusText),
        param: problem?.param,
        details: problem?.details ?? [],
        requestId: response.headers.get('x-request-id') ?? bodyRequestId(body),
        idempotencyKey,
        headers: response.headers,
        retryAfterMs: waitHint,
        method: spec.method,
        url: spec.path,
      });
      error = apiError;
      const retryable =
        isRetryableStatus(response.status) ||
        isInFlightConflict(response.status, problem?.code, problem?.message ?? '');
      if (!retryable) throw finalError(call, error, attempt);
    } else {
      error = outcome.error;
    }

    if (!mayRetry || attempt > maxRetries) throw finalError(call, error, attempt);
    const now = Date.now();
    let delay: number;
    if (waitHint !== undefined) {
      // Never retry before the server said we may: beyond the cap or the deadline, fail now instead.
      if (waitHint > config.maxRetryAfter) throw finalError(call, error, attempt);
      if (deadlineAt !== undefined && now + waitHint >= deadlineAt)
        throw finalError(call, pastDeadline(call, error, waitHint), attempt);
      delay = waitHint;
    } else {
      delay = backoffMs(attempt, config.random);
      if (deadlineAt !== undefined && now + delay >= deadlineAt)
        throw finalError(call, pastDeadline(call, error, delay), attempt);
    }
    logger.info(
      `${labelOf(spec)} failed (${error.message}); retry ${attempt} of ${maxRetries} in ${delay}ms`,
      { idempotencyKey },
    );
    try {
      await sleep(delay, signal);
    } catch {
      throw abortError(call);
    }
  }
}

/**
 * One attempt. No AbortController of our own: ky already makes one and joins the caller's signal to it
 * (`AbortSignal.any`), and every controller, joined signal and `Request` following them costs a tenth of
 * an in-process call. ky's `timeout` aborts its controller (and so the request's signal, which a custom
 * `fetch` sees) while the headers are awaited; the attempt's own timer covers the body.
 */
async function runAttempt(
  call: Call,
  attemptTimeout: number,
  limitedByDeadline: boolean,
): Promise<AttemptOutcome | 'aborted'> {
  const { signal, spec } = call;
  let timedOut = false;
  const stop: { cancel: ((reason: unknown) => void) | undefined } = { cancel: undefined };
  const timer = setTimeout(() => {
    timedOut = true;
    stop.cancel?.(new DOMException('attempt timed out', 'TimeoutError'));
  }, attemptTimeout);
  const onAbort = signal === undefined ? undefined : (): void => stop.cancel?.(signal.reason);
  if (onAbort !== undefined) signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const kyOptions: Options = {
      method: spec.method,
      headers: call.headers,
      timeout: Math.min(attemptTimeout, MAX_TIMER_MS),
    };
    if (signal !== undefined) kyOptions.signal = signal;
    if (spec.body !== undefined) kyOptions.json = spec.body;
    const response = await kyFor(call.config)(call.url, kyOptions);
    const bytes = await readBody(response, stop);
    return { kind: 'answer', response, bytes, text: utf8.decode(bytes) };
  } catch (cause) {
    if (signal?.aborted) return 'aborted';
    const { deadline, idempotencyKey } = call;
    const label = labelOf(spec);
    if (timedOut || cause instanceof KyTimeoutError) {
      const scope = limitedByDeadline ? 'deadline' : 'attempt';
      const limit = scope === 'deadline' ? (deadline ?? attemptTimeout) : attemptTimeout;
      const message = `${label} got no complete answer within its ${limit}ms ${scope === 'deadline' ? 'deadline' : 'timeout'}.`;
      const timeoutError = new TimeoutError(message, scope, limit, { cause, idempotencyKey });
      // A deadline is final; only an attempt timeout is worth another try.
      if (scope === 'deadline') throw timeoutError;
      return { kind: 'failure', error: timeoutError };
    }
    if (cause instanceof GlmError) throw cause;
    return {
      kind: 'failure',
      error: new ConnectionError(`${label} could not reach the service.`, { cause, idempotencyKey }),
    };
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The error for a call that gives up because its next wait would pass the deadline. An answer from
 * the service (an `APIError`) is kept as it is, since its status says more; a failure with no answer
 * (an attempt timeout, a lost connection) becomes a deadline `TimeoutError` caused by it.
 */
function pastDeadline(call: Call, error: GlmError, wait: number): GlmError {
  const { deadline } = call;
  if (error instanceof APIError || deadline === undefined) return error;
  return new TimeoutError(
    `${labelOf(call.spec)} gave up: the next attempt, ${wait}ms away, would pass its ${deadline}ms deadline (last failure: ${error.message})`,
    'deadline',
    deadline,
    { cause: error, idempotencyKey: call.idempotencyKey },
  );
}

function finalError(call: Call, error: GlmError, attempts: number): GlmError {
  if (call.config.logDebug) {
    call.config.logger.debug(`${labelOf(call.spec)} failed after ${attempts} attempt(s)`, {
      error: error.message,
    });
  }
  return error;
}
