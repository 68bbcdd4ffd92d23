import { APIError } from './api-error.ts';

/** A 5xx answer: the service failed (`internal_error`) or a gateway in front of it did. */
export class InternalServerError extends APIError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'InternalServerError';
}
