import { APIError } from './api-error.ts';

/** 429 Too Many Requests (`rate_limit_exceeded`). `retryAfterMs` says how long the server asked to wait; the SDK throws this at once when that wait is beyond its cap or the call's deadline, never retrying early. */
export class RateLimitError extends APIError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'RateLimitError';
}
