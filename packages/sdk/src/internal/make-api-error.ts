import { APIError } from '../errors/api-error.ts';
import { AuthenticationError } from '../errors/authentication-error.ts';
import { BadRequestError } from '../errors/bad-request-error.ts';
import { ConflictError } from '../errors/conflict-error.ts';
import { InternalServerError } from '../errors/internal-server-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { PermissionDeniedError } from '../errors/permission-denied-error.ts';
import { RateLimitError } from '../errors/rate-limit-error.ts';
import { UnprocessableEntityError } from '../errors/unprocessable-entity-error.ts';
import { type CallAnswer, retryAfterMs } from './call-answer.ts';
import { readErrorBody } from './error-body.ts';
import type { CallFacts } from './request-spec.ts';

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

/** A non-2xx answer as the `APIError` subclass of its status, with what its error body says. */
export function apiErrorOf(call: CallFacts, answer: CallAnswer): APIError {
  const { status, statusText, headers } = answer.received;
  const problem = readErrorBody(answer.body);
  const ErrorClass = errorClassFor(status);
  return new ErrorClass({
    status,
    code: problem?.code,
    message: problem?.message ?? (statusText || 'the service gave no message'),
    param: problem?.param,
    details: problem?.details ?? [],
    requestId: answer.requestId,
    idempotencyKey: call.idempotencyKey,
    headers,
    retryAfterMs: retryAfterMs(status, headers, Date.now()),
    method: call.spec.method,
    url: call.spec.path,
    attempts: answer.attempt,
  });
}
