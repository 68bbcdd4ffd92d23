import type { ErrorDetail as DomainErrorDetail, ErrorCode as KnownErrorCode, Open } from '@glm/domain';
import { GlmError } from './glm-error.ts';

/**
 * An `error.code` of the service: one of the domain's known codes (those of the service's error table), open to codes a
 * later API version adds, which arrive as plain strings while the known ones keep editor completion.
 */
export type ErrorCode = Open<KnownErrorCode>;

/** One field-level problem of a validation error, as the domain's schema defines it. */
export type ErrorDetail = DomainErrorDetail;

/** What the SDK knows about a failed HTTP answer. */
export interface APIErrorInit {
  /** HTTP status. */
  readonly status: number;
  /** `error.code` of the body, when the body had one. */
  readonly code: ErrorCode | undefined;
  /** `error.message` of the body, or a description of the status. */
  readonly message: string;
  /** `error.param`: the offending parameter, when named. */
  readonly param: string | undefined;
  /** `error.details`: field-level problems, when given. */
  readonly details: readonly ErrorDetail[];
  /** `x-request-id` of the answer (or the checkout envelope's `metadata.request_id`). */
  readonly requestId: string | undefined;
  /** The `Idempotency-Key` the call sent. */
  readonly idempotencyKey: string | undefined;
  /** The response headers. */
  readonly headers: Headers;
  /** How long the server asked the caller to wait (`Retry-After` / `X-RateLimit-Reset`), in ms. */
  readonly retryAfterMs: number | undefined;
  /** The HTTP method and URL of the call, for the message. */
  readonly method: string;
  /** The URL of the call (no secrets: keys never travel in URLs). */
  readonly url: string;
  /** How many attempts the call made, this answer's included. */
  readonly attempts?: number | undefined;
}

/**
 * The service answered with a non-2xx status. Subclasses name the status family; `code` names the
 * exact reason (`not_found`, `invalid_state`, …).
 */
export class APIError extends GlmError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'APIError';

  /** HTTP status. */
  declare readonly status: number;
  /** Machine-readable reason from `error.code` (undefined when the body had none, e.g. a proxy page). */
  declare readonly code: ErrorCode | undefined;
  /** The offending parameter (`error.param`), when named. */
  declare readonly param: string | undefined;
  /** Field-level problems (`error.details`); empty when none were given. */
  declare readonly details: readonly ErrorDetail[];
  /** The request id to quote to support. */
  declare readonly requestId: string | undefined;
  /** The response headers. */
  declare readonly headers: Headers;
  /** How long the server asked to wait before retrying, in ms, when it said so. */
  declare readonly retryAfterMs: number | undefined;

  /** Builds the error from what the failed answer said. */
  constructor({ method, url, message, idempotencyKey, attempts, ...fields }: APIErrorInit) {
    const code = fields.code === undefined ? '' : ` ${fields.code}`;
    const request = fields.requestId === undefined ? '' : ` (request ${fields.requestId})`;
    super(`${method} ${url} failed with ${fields.status}${code}: ${message}${request}`, {
      idempotencyKey,
      attempts,
    });
    // The rest of the init is the fields declared above (declared only: assigned here, all at once).
    Object.assign(this, fields);
  }
}
