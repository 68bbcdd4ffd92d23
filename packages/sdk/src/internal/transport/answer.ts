import type { RateLimitInfo, ResponseMeta } from '../../response-meta.ts';
import { isRecord } from '../error-body.ts';
import { rateLimitHeader } from './rate-limit-header.ts';
import type { RequestSpec } from './request-spec.ts';

/**
 * A successful answer: the raw response (unread; built on first read of `response`), its parsed JSON
 * body, the call's meta (built from the headers on first read) and the request it answers.
 */
export interface RawResult {
  readonly response: Response;
  readonly body: unknown;
  readonly meta: ResponseMeta;
  readonly spec: RequestSpec;
}

/** What {@link Answer.body} is when the body is not JSON (an empty or blank body is `undefined`). */
export const NOT_JSON: unknown = Object.freeze({});

// What `Response.text()` does with the bytes: UTF-8, a leading BOM dropped, bad sequences replaced.
const utf8 = new TextDecoder();

/**
 * What one attempt got: the response `fetch` answered, its body read whole, as text and as JSON. The raw
 * `Response` handed to callers and the meta are built on first read and then kept: most callers await the
 * parsed result and read neither (the meta alone is five header lookups).
 */
export class Answer implements RawResult {
  readonly spec: RequestSpec;
  /** The attempt that got it, from 1. */
  readonly attempt: number;
  /** The response as `fetch` answered it, its body already read. */
  readonly received: Response;
  readonly text: string;
  /** The body as JSON: `undefined` when empty or blank, {@link NOT_JSON} when it does not parse. */
  readonly body: unknown;
  readonly #idempotencyKey: string | undefined;
  readonly #bytes: Uint8Array<ArrayBuffer>;
  #response: Response | undefined;
  #meta: ResponseMeta | undefined;

  constructor(
    spec: RequestSpec,
    idempotencyKey: string | undefined,
    attempt: number,
    received: Response,
    bytes: Uint8Array<ArrayBuffer>,
  ) {
    this.spec = spec;
    this.attempt = attempt;
    this.received = received;
    this.#idempotencyKey = idempotencyKey;
    this.#bytes = bytes;
    const text = utf8.decode(bytes);
    this.text = text;
    try {
      this.body = JSON.parse(text);
    } catch {
      // Checked only when the text does not parse.
      this.body = text.trim() === '' ? undefined : NOT_JSON;
    }
  }

  /** `x-request-id`, else the request id the body carries (checkout envelopes and errors). */
  get requestId(): string | undefined {
    const { body } = this;
    const metadata = isRecord(body) ? body['metadata'] : undefined;
    const id =
      this.received.headers.get('x-request-id') ?? (isRecord(metadata) ? metadata['request_id'] : undefined);
    return typeof id === 'string' ? id : undefined;
  }

  /**
   * A `Response` built from the bytes already read: the same status, status text, headers and body
   * bytes, and the original's `url`, `redirected` and `type` (which the `Response` constructor cannot set,
   * so they are own properties of this instance). Building it on demand replaces a `response.clone()` (a
   * stream tee) on every call, about a tenth of an in-process call, that most callers never read.
   */
  get response(): Response {
    const { received } = this;
    if (this.#response === undefined) {
      this.#response = new Response(
        // No body when the original had none (as a 204's or 304's): those statuses refuse one.
        received.body === null ? null : this.#bytes,
        received,
      );
      for (const name of ['url', 'redirected', 'type'] as const) {
        Object.defineProperty(this.#response, name, { value: received[name] });
      }
    }
    return this.#response;
  }

  get meta(): ResponseMeta {
    if (this.#meta === undefined) {
      const { headers, status } = this.received;
      const rateLimit: RateLimitInfo = {
        limit: rateLimitHeader(headers, 'limit'),
        remaining: rateLimitHeader(headers, 'remaining'),
        reset: rateLimitHeader(headers, 'reset'),
      };
      this.#meta = {
        requestId: this.requestId,
        idempotencyKey: this.#idempotencyKey,
        attempts: this.attempt,
        status,
        replayed: headers.get('idempotent-replayed') === 'true',
        rateLimit,
        message: undefined,
      };
    }
    return this.#meta;
  }
}
