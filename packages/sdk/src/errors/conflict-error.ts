import { APIError } from './api-error.ts';

/** 409 Conflict: the object's state forbids the change, or a request with the same idempotency key is still running (`conflict`). */
export class ConflictError extends APIError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'ConflictError';
}
