import { GlmError } from './glm-error.ts';

/**
 * The caller's `signal` aborted the call (during a request, a backoff sleep or between pages). Named
 * `AbortError` like the platform's, so generic `error.name === 'AbortError'` checks keep working;
 * `cause` is the signal's reason.
 */
export class AbortError extends GlmError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'AbortError';
}
