import { APIError, type APIErrorInit } from '../errors/api-error.ts';
import { AuthenticationError } from '../errors/authentication-error.ts';
import { BadRequestError } from '../errors/bad-request-error.ts';
import { ConflictError } from '../errors/conflict-error.ts';
import { InternalServerError } from '../errors/internal-server-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { PermissionDeniedError } from '../errors/permission-denied-error.ts';
import { RateLimitError } from '../errors/rate-limit-error.ts';
import { UnprocessableEntityError } from '../errors/unprocessable-entity-error.ts';

const BY_STATUS: Readonly<Record<number, typeof APIError>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The class for a status: one per documented status, {@link InternalServerError} for any 5xx. */
export function errorClassFor(status: number): typeof APIError {
  return BY_STATUS[status] ?? (status >= 500 ? InternalServerError : APIError);
}

/** Builds the typed error of a non-2xx answer. */
export function makeAPIError(init: APIErrorInit): APIError {
  const ErrorClass = errorClassFor(init.status);
  return new ErrorClass(init);
}
