import type { Logger, LogLevel } from './logging.ts';
import type { CallSettings } from './request-options.ts';
import type { ResponseSchemas } from './validation/response-schemas.ts';

/**
 * How strictly answers are checked against the domain's schemas (given as the client's
 * `responseSchemas`): `'strict'` throws a {@link ResponseValidationError}, `'warn'` logs and returns the
 * body as received, `'off'` skips the check.
 */
export type ValidationMode = 'strict' | 'warn' | 'off';

/** A key's mode, read from its prefix: `glm_test_…` keys are `'test'`, `glm_live_…` keys are `'live'`. */
export type KeyMode = 'test' | 'live';

/**
 * ky's `retry` options, as ky reads them (ky is bundled into the client, so its types are restated here).
 * A `shouldRetry` answers `true` (retry, with the backoff), `false` (do not) or `undefined` (let the
 * other options decide).
 */
export interface RetryOptions {
  /** Retries after the first attempt (the same as `maxRetries`). */
  readonly limit?: number | undefined;
  /** Methods that may be retried, lower case. ky's default: get, put, head, delete, options, trace. */
  readonly methods?: readonly string[] | undefined;
  /** Statuses worth another attempt. */
  readonly statusCodes?: readonly number[] | undefined;
  /** Statuses whose `Retry-After` (or rate-limit reset) header sets the wait. */
  readonly afterStatusCodes?: readonly number[] | undefined;
  /** The longest server-asked wait honoured, in ms (`maxRetryAfter` of the client refuses a longer one). */
  readonly maxRetryAfter?: number | undefined;
  /** The longest backoff, in ms. */
  readonly backoffLimit?: number | undefined;
  /** The backoff before retry `attemptCount` (from 1), in ms, before jitter. */
  readonly delay?: ((attemptCount: number) => number) | undefined;
  /** `true` for a full jitter, or a function of the delay. */
  readonly jitter?: boolean | ((delay: number) => number) | undefined;
  /** Whether an attempt that timed out is retried. */
  readonly retryOnTimeout?: boolean | undefined;
  /** Asked after each failed attempt the client itself would retry. */
  readonly shouldRetry?:
    | ((state: {
        readonly error: Error;
        readonly retryCount: number;
      }) => boolean | undefined | Promise<boolean | undefined>)
    | undefined;
}

/** Options of {@link Glm}. Every one is optional; see each for its default. */
export interface ClientOptions extends CallSettings {
  /** Secret API key, `glm_test_…` or `glm_live_…`: the mode prefix, then the key body. Default: the `GLM_API_KEY` environment variable. */
  readonly apiKey?: string | undefined;
  /** The service's base address, e.g. `https://api.example.com`. Default: `GLM_BASE_URL`. Required one way or the other. */
  readonly baseUrl?: string | undefined;
  /**
   * The longest `Retry-After` / `X-RateLimit-Reset` wait the client honours, in ms. A longer one is a
   * {@link RateLimitError} at once (never an early retry). Default 60 000.
   */
  readonly maxRetryAfter?: number | undefined;
  /**
   * ky's retry options (`limit`, `methods`, `statusCodes`, `afterStatusCodes`, `maxRetryAfter`,
   * `backoffLimit`, `delay`, `jitter`, `retryOnTimeout`, `shouldRetry`) over the client's policy, each
   * field replacing the policy's: 408, 409 (only a request with the same key still running), 429 and 5xx;
   * `Retry-After` honoured up to `maxRetryAfter`; else 0.5 s doubling up to 8 s, shortened by up to a
   * quarter. `maxRetries` is `limit`. A `shouldRetry` is asked after the client's own refusals (a hook
   * that threw, an abort, the deadline, a status the service answers the same way again).
   */
  readonly retry?: RetryOptions | undefined;
  /** The `fetch` to use (a test double, an instrumented fetch, a framework's). Default: `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch | undefined;
  /** Where log lines go. Default: the console, at the level below. */
  readonly logger?: Logger | undefined;
  /** How much to log. Default: `GLM_LOG`, else `'warn'`. */
  readonly logLevel?: LogLevel | undefined;
  /**
   * The domain's schema of every answer, from `@glm/sdk/validation`
   * (`import { responseSchemas } from '@glm/sdk/validation'`). With them, answers are checked as
   * `validateResponses` says; without them (the default) answers are trusted as typed and the client's
   * bundle carries no schema.
   */
  readonly responseSchemas?: ResponseSchemas | undefined;
  /**
   * How answers are checked against `responseSchemas`: `'strict'` (the default when they are given)
   * throws a {@link ResponseValidationError}; `'warn'` logs and returns the body as received; `'off'` (the
   * default without them) skips the check. `'strict'` or `'warn'` without `responseSchemas` is refused
   * when the client is built.
   */
  readonly validateResponses?: ValidationMode | undefined;
  /** Give every POST a generated UUID v4 `Idempotency-Key` when the call passes none. Default true. */
  readonly autoIdempotencyKeys?: boolean | undefined;
  /** Allow running in a browser, where the secret key would be visible to every visitor. Default false. */
  readonly dangerouslyAllowBrowser?: boolean | undefined;
}
