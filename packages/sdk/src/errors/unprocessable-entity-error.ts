import { APIError } from './api-error.ts';

/** 422 Unprocessable Entity: well-typed values that fail validation (`validation_error`); see `details`. */
export class UnprocessableEntityError extends APIError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'UnprocessableEntityError';
}
