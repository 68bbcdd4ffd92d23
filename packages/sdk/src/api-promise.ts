import type { RawResult } from './internal/request.ts';
import type { ResponseMeta, WithMeta } from './response-meta.ts';

/** What {@link APIPromise.withResponse} resolves to. */
export interface WithResponse<T> {
  /** The parsed, validated result (with its non-enumerable `meta`). */
  readonly data: WithMeta<T>;
  /** The raw answer of the successful attempt, body unread. */
  readonly response: Response;
  /** Request id, idempotency key, attempts and rate-limit headers. */
  readonly meta: ResponseMeta;
}

/**
 * The promise every client method returns. Await it for the parsed result, or ask for more:
 * `.withResponse()` adds the raw `Response` and the call's meta; `.asResponse()` gives the raw
 * `Response` alone, skipping parsing. The request starts at once; parsing happens on first use.
 *
 * @example
 * const { data, meta } = await glm.orders.get('ord_123').withResponse();
 * console.log(data.status, meta.requestId);
 */
export class APIPromise<T> extends Promise<WithMeta<T>> {
  readonly #raw: Promise<RawResult>;
  readonly #parse: (raw: RawResult) => WithMeta<T>;
  #parsed: Promise<WithMeta<T>> | undefined;

  // Derived promises (`then`, `catch`, …) are plain promises: the constructor below is not a Promise executor.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** Wraps a call in flight with the function that turns its answer into the result. @internal */
  constructor(raw: Promise<RawResult>, parse: (raw: RawResult) => WithMeta<T>) {
    super((resolve) => {
      // Settled with a placeholder: `then` is overridden to answer from the parsed result instead.
      resolve(undefined as unknown as WithMeta<T>);
    });
    this.#raw = raw;
    this.#parse = parse;
    // The caller may only ever use `.asResponse()`, or await later: do not report the failure as unhandled here.
    raw.catch(() => undefined);
  }

  /** The raw answer of the successful attempt (body unread). Errors still reject as typed errors. */
  asResponse(): Promise<Response> {
    return this.#raw.then((raw) => raw.response);
  }

  /** The parsed result together with the raw `Response` and the call's meta. */
  async withResponse(): Promise<WithResponse<T>> {
    const [data, raw] = await Promise.all([this.#result(), this.#raw]);
    return { data, response: raw.response, meta: data.meta };
  }

  #result(): Promise<WithMeta<T>> {
    this.#parsed ??= this.#raw.then(this.#parse);
    return this.#parsed;
  }

  /** Resolves with the parsed result. */
  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise; `then` parses on first use.
  override then<R1 = WithMeta<T>, R2 = never>(
    onfulfilled?: ((value: WithMeta<T>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result().then(onfulfilled, onrejected);
  }

  /** Handles a failure of the call. */
  override catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<WithMeta<T> | R> {
    return this.#result().catch(onrejected);
  }

  /** Runs `onfinally` once the call settles. */
  override finally(onfinally?: (() => void) | null): Promise<WithMeta<T>> {
    return this.#result().finally(onfinally);
  }
}
