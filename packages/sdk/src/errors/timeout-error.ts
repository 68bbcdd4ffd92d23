import { GlmError, type GlmErrorOptions } from './glm-error.ts';

/** Which limit ran out: one attempt's `timeout`, or the whole call's `deadline`. */
export type TimeoutScope = 'attempt' | 'deadline';

/**
 * The answer (headers and body) did not arrive in time. An attempt timeout is retried like a network
 * error; a deadline is final.
 */
export class TimeoutError extends GlmError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'TimeoutError';

  /** Which limit ran out. */
  readonly scope: TimeoutScope;
  /** The limit, in ms. */
  readonly timeoutMs: number;

  /** Builds the error for a limit that ran out. */
  constructor(message: string, scope: TimeoutScope, timeoutMs: number, options: GlmErrorOptions = {}) {
    super(message, options);
    this.scope = scope;
    this.timeoutMs = timeoutMs;
  }
}
