import type { ErrorDetail } from '../schemas/error-body.ts';
import { ERROR_STATUS, type ErrorCode, type ErrorStatus } from './error-code.ts';

/**
 * An error answer as the server sends it: the HTTP status and the body. Checkout
 * endpoints add `success: false` and `metadata.request_id` to the body, which needs the request.
 */
export type ErrorResponse = {
  readonly status: ErrorStatus;
  readonly body: {
    readonly error: {
      readonly code: ErrorCode;
      readonly message: string;
      readonly param?: string;
      readonly details?: readonly ErrorDetail[];
    };
  };
};

/** Builds the error answer of a code: its status from {@link ERROR_STATUS}, `param` and `details` only when given. */
export function errorResponse(
  code: ErrorCode,
  message: string,
  param?: string,
  details?: readonly ErrorDetail[],
): ErrorResponse {
  return {
    status: ERROR_STATUS[code],
    body: {
      error: {
        code,
        message,
        ...(param === undefined ? {} : { param }),
        ...(details === undefined || details.length === 0 ? {} : { details }),
      },
    },
  };
}
