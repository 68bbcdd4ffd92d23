/** The rate-limit headers of an answer (`X-RateLimit-Limit`, `-Remaining`, `-Reset`); undefined where the answer did not carry one. */
export interface RateLimitInfo {
  /** `X-RateLimit-Limit`: requests allowed in the window. */
  readonly limit: number | undefined;
  /** `X-RateLimit-Remaining`: requests left in the window. */
  readonly remaining: number | undefined;
  /** `X-RateLimit-Reset`: when the window resets, in Unix seconds. */
  readonly reset: number | undefined;
}

/**
 * What the SDK knows about the call behind a result, read with `.withResponse()`:
 * `const { data, meta } = await glm.orders.get(id).withResponse()`.
 */
export interface ResponseMeta {
  /** `x-request-id` (or the checkout envelope's `metadata.request_id`): quote it to support. */
  readonly requestId: string | undefined;
  /** The `Idempotency-Key` sent (every POST has one unless disabled). */
  readonly idempotencyKey: string | undefined;
  /** How many attempts the call took (1 when the first one succeeded). */
  readonly attempts: number;
  /** HTTP status of the answer. */
  readonly status: number;
  /** True when the service replayed a stored answer for this idempotency key (`idempotent-replayed`). */
  readonly replayed: boolean;
  /** The rate-limit headers of the answer. */
  readonly rateLimit: RateLimitInfo;
  /** The checkout envelope's `message`; undefined for every other endpoint. */
  readonly message: string | undefined;
}
