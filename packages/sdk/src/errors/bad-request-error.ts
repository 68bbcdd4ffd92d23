import { APIError } from './api-error.ts';

/** 400 Bad Request: a parameter is missing or invalid (`invalid_request`, `bad_request`, `invalid_amount`, `invalid_currency`, `invalid_state`, `idempotency_error`). */
export class BadRequestError extends APIError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'BadRequestError';
}
