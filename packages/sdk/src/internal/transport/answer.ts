import type { RateLimitInfo, ResponseMeta } from '../../response-meta.ts';
import type { RequestSpec } from './request-spec.ts';

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
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return text.trim() === '' ? NO_BODY : NOT_JSON;
  }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The request id a body carries (checkout envelopes and checkout errors). */
export function bodyRequestId(body: unknown): string | undefined {
  const id = field(field(body, 'metadata'), 'request_id');
  return typeof id === 'string' ? id : undefined;
}

// Statuses whose responses cannot have a body (fetch standard's "null body status").
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `Response` built from the bytes already read: the same status, status text, headers and body bytes,
 * and the original's `url`, `redirected` and `type` (which the `Response` constructor cannot set, so they
 * are own properties of this instance). Building it on demand replaces a `response.clone()` (a stream
 * tee) on every call, about a tenth of an in-process call, that most callers never read.
 */
export function rawResponse(original: Response, bytes: Uint8Array<ArrayBuffer>): Response {
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
export class Answer implements RawResult {
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
