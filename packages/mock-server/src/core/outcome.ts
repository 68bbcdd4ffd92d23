import { ERROR_STATUS, type ErrorCode, type ErrorDetail, type Result } from '@glm/domain';

/**
 * A refused operation: the domain's refusal (`code`, `message`, `param`) with what the error body and
 * the idempotency store also need. Its HTTP status comes from the code (the domain's error table), in
 * {@link statusOf}, the one place that decides it.
 */
export type ApiError = Extract<Result<never, ErrorCode>, { readonly ok: false }> & {
  /** Per-field validation messages (`details` of the error body). */
  readonly details?: readonly ErrorDetail[];
  /**
   * The status when it is not the code's own: cancelling a subscription that cannot be cancelled is
   * `409 invalid_state`, where the code alone says 400.
   */
  readonly status?: 409;
  /** The request's shape was refused before the operation ran: an idempotency store does not keep it. */
  readonly beforeOperation?: true;
};

/** What an operation answers: its value, or the refusal (a domain {@link Result} with an {@link ApiError}). */
export type Outcome<T> = { readonly ok: true; readonly value: T } | ApiError;

/** Optional parts of an {@link ApiError}. */
export interface ApiErrorExtras {
  /** The offending parameter. */
  readonly param?: string | undefined;
  /** Per-field validation messages. */
  readonly details?: readonly ErrorDetail[] | undefined;
  /** See {@link ApiError.status}. */
  readonly status?: 409;
}

/** A refusal with `code`; its HTTP status is the code's (see {@link statusOf}). */
export function refusal(code: ErrorCode, message: string, extras: ApiErrorExtras = {}): ApiError {
  return {
    ok: false,
    code,
    message,
    ...(extras.param === undefined ? {} : { param: extras.param }),
    ...(extras.details === undefined || extras.details.length === 0 ? {} : { details: extras.details }),
    ...(extras.status === undefined ? {} : { status: extras.status }),
  };
}

/** `not_found` naming the parameter that held the unknown id. */
export function noSuch(what: string, param = 'id'): ApiError {
  return refusal('not_found', `No such ${what}.`, { param });
}

/** The HTTP status of a refusal: its code's, from the domain's error table. */
export function statusOf(error: ApiError): number {
  return error.status ?? ERROR_STATUS[error.code];
}

/** The error body every endpoint answers a refusal with: `{error: {code, message, param?, details?}}`. */
export function errorBody(error: ApiError): { readonly error: Record<string, unknown> } {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.param !== undefined) body['param'] = error.param;
  if (error.details !== undefined && error.details.length > 0) body['details'] = error.details;
  return { error: body };
}
