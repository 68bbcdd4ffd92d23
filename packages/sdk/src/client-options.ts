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
