import { APIError } from './api-error.ts';

/** 403 Forbidden: the key may not do this, e.g. a live key on a test helper (`forbidden`). */
export class PermissionDeniedError extends APIError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'PermissionDeniedError';
}
