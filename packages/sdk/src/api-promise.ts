import type { RawResult } from './internal/call-answer.ts';
import type { ResponseMeta } from './response-meta.ts';

/** A parsed result, and the message of the envelope it came in (checkout sessions). @internal */
export interface ParsedResult<T> {
  /** The parsed result, validated when the client has `responseSchemas`. */
  readonly value: T;
  /** The envelope's `message`, added to the call's meta. */
  readonly message?: string | undefined;
}

/** What {@link APIPromise.withResponse} resolves to. */
export interface WithResponse<T> {
  /** The parsed result (validated when the client has `responseSchemas`): the same value that awaiting the call gives. */
  readonly data: T;
  /** The raw answer of the successful attempt, body unread. */
  readonly response: Response;
  /** Request id, idempotency key, attempts and rate-limit headers. */
  readonly meta: ResponseMeta;
}

// Settled with a placeholder: `then` is overridden to answer from the parsed result instead.
function settleWithPlaceholder(resolve: (value: never) => void): void {
  resolve(undefined as never);
}

function ignore(): undefined {
  return undefined;
}

function parsedValue<T>(parsed: ParsedResult<T>): T {
  return parsed.value;
}

/**
 * The promise every client method returns. Await it for the parsed result, a plain object of the
 * domain's type (spread it, serialise it, compare it: nothing is hidden on it). Ask for more with
 * `.withResponse()`, which adds the raw `Response` and the call's meta (request id, idempotency key,
 * attempts, status, replayed, rate limit, the checkout envelope's message); `.asResponse()` gives the
 * raw `Response` alone, skipping parsing. The request starts at once; parsing happens on first use.
 *
 * @example
 * const { data, meta } = await glm.orders.get('ord_123').withResponse();
 * console.log(data.status, meta.requestId);
 */
export class APIPromise<T> extends Promise<T> {
  readonly #raw: Promise<RawResult>;
  readonly #parse: (raw: RawResult) => ParsedResult<T>;
  #parsed: Promise<ParsedResult<T>> | undefined;

  // Derived promises (`then`, `catch`, …) are plain promises: the constructor below is not a Promise executor.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** Wraps a call in flight with the function that turns its answer into the result. @internal */
  constructor(raw: Promise<RawResult>, parse: (raw: RawResult) => ParsedResult<T>) {
    super(settleWithPlaceholder);
    this.#raw = raw;
    this.#parse = parse;
    // The caller may only ever use `.asResponse()`, or await later: do not report the failure as unhandled here.
    raw.catch(ignore);
  }

  /** The raw answer of the successful attempt (body unread). Errors still reject as typed errors. */
  asResponse(): Promise<Response> {
    return this.#raw.then((raw) => raw.response);
  }

  /** The parsed result together with the raw `Response` and the call's meta. */
  async withResponse(): Promise<WithResponse<T>> {
    const [{ value, message }, raw] = await Promise.all([this.#parsedResult(), this.#raw]);
    // The answer's meta is built on this first read; an envelope's message is added to a copy.
    const meta = message === undefined ? raw.meta : { ...raw.meta, message };
    return { data: value, response: raw.response, meta };
  }

  #parsedResult(): Promise<ParsedResult<T>> {
    this.#parsed ??= this.#raw.then(this.#parse);
    return this.#parsed;
  }

  /** Resolves with the parsed result. */
  // `reason` is `any`, as on a native Promise, so `.catch((error: Error) => …)` compiles as it does there.
  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise; `then` parses on first use.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: the native Promise's signature, kept for drop-in use.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#parsedResult()
      .then(parsedValue<T>)
      .then(onfulfilled, onrejected);
  }
}
