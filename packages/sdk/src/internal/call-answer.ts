import { ResponseValidationError } from '../errors/response-validation-error.ts';
import type { ResponseMeta } from '../response-meta.ts';
import { isRecord } from './error-body.ts';
import { type CallFacts, labelOf, type RequestSpec } from './request-spec.ts';

/** A successful answer: the raw response (body unread), its parsed JSON body, the call's meta and request. */
export interface RawResult {
  readonly response: Response;
  readonly body: unknown;
  readonly meta: ResponseMeta;
  readonly spec: RequestSpec;
}

/** The `x-ratelimit-<name>` header as a whole number; undefined when absent or not digits alone. */
function rateLimitHeader(headers: Headers, name: 'limit' | 'remaining' | 'reset'): number | undefined {
  const value = headers.get(`x-ratelimit-${name}`)?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * The wait the server asked for, in ms: `Retry-After` (seconds or an HTTP date), else, on a 429,
 * `X-RateLimit-Reset` (Unix seconds). Undefined when the answer gives no usable hint.
 */
export function retryAfterMs(status: number, headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter !== undefined && /^\d+(\.\d+)?$/.test(retryAfter))
    return Math.ceil(Number(retryAfter) * 1000);
  const date = retryAfter ? Date.parse(retryAfter) : Number.NaN;
  if (!Number.isNaN(date)) return Math.max(0, date - now);
  const reset = rateLimitHeader(headers, 'reset');
  return status === 429 && reset !== undefined ? Math.max(0, reset * 1000 - now) : undefined;
}

/** What {@link CallAnswer.body} is when the body is not JSON (an empty or blank body is `undefined`). */
const NOT_JSON: unknown = Object.freeze({});

// What `Response.text()` does with the bytes: UTF-8, a leading BOM dropped, bad sequences replaced.
const utf8 = new TextDecoder();

/**
 * What one attempt got: the response, its body read whole (as text and as JSON). The raw `Response`
 * handed to callers and the meta are built on first read: most callers read neither.
 */
export class CallAnswer implements RawResult {
  readonly spec: RequestSpec;
  readonly idempotencyKey: string | undefined;
  readonly received: Response;
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** The attempt that got it, from 1. */
  readonly attempt: number;
  readonly text: string;
  /** The body as JSON: `undefined` when empty or blank, {@link NOT_JSON} when it does not parse. */
  readonly body: unknown;
  #response: Response | undefined;
  #meta: ResponseMeta | undefined;

  constructor(call: CallFacts, received: Response, bytes: Uint8Array<ArrayBuffer>, attempt: number) {
    this.spec = call.spec;
    this.idempotencyKey = call.idempotencyKey;
    this.received = received;
    this.bytes = bytes;
    this.attempt = attempt;
    this.text = utf8.decode(bytes);
    try {
      this.body = JSON.parse(this.text);
    } catch {
      this.body = this.text.trim() === '' ? undefined : NOT_JSON;
    }
  }

  /** This answer as a call's result: its 2xx body must be JSON (or empty), else the contract is broken. */
  asResult(): RawResult {
    if (this.body !== NOT_JSON) return this;
    const { requestId, idempotencyKey, attempt } = this;
    throw new ResponseValidationError(
      `${labelOf(this.spec)} answered ${this.received.status} with a body that is not JSON.`,
      { issues: [], body: this.text, requestId },
      { idempotencyKey, attempts: attempt },
    );
  }

  /** `x-request-id`, else the request id the body carries (checkout envelopes and errors). */
  get requestId(): string | undefined {
    const metadata = isRecord(this.body) ? this.body['metadata'] : undefined;
    const id = this.received.headers.get('x-request-id') ?? (isRecord(metadata) && metadata['request_id']);
    return typeof id === 'string' ? id : undefined;
  }

  /** A `Response` of the bytes read, with the original's status, headers, `url`, `redirected` and `type`. */
  get response(): Response {
    if (this.#response === undefined) {
      const { received } = this;
      // No body when the original had none: a 204's or 304's status refuses one.
      this.#response = new Response(received.body === null ? null : this.bytes, received);
      for (const name of ['url', 'redirected', 'type'] as const) {
        Object.defineProperty(this.#response, name, { value: received[name] });
      }
    }
    return this.#response;
  }

  get meta(): ResponseMeta {
    const { headers, status } = this.received;
    this.#meta ??= {
      requestId: this.requestId,
      idempotencyKey: this.idempotencyKey,
      attempts: this.attempt,
      status,
      replayed: headers.get('idempotent-replayed') === 'true',
      rateLimit: {
        limit: rateLimitHeader(headers, 'limit'),
        remaining: rateLimitHeader(headers, 'remaining'),
        reset: rateLimitHeader(headers, 'reset'),
      },
      message: undefined,
    };
    return this.#meta;
  }
}
