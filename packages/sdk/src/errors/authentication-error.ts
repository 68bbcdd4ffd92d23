import { APIError } from './api-error.ts';

/** 401 Unauthorized: the API key is missing, malformed, unknown or revoked (`unauthorized`). */
export class AuthenticationError extends APIError {
  /** The class name recorded in every instance's lineage. */
  static override readonly errorName: string = 'AuthenticationError';
}
