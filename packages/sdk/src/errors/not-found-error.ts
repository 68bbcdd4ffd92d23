import { APIError } from './api-error.ts';

/** 404 Not Found: no such object in this key's mode (`not_found`). */
export class NotFoundError extends APIError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'NotFoundError';
}
