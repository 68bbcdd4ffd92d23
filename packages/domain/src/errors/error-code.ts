import { z } from 'zod';

/**
 * Every error code the service answers. Responses read `error.code` as open (a later
 * API version may add codes); see {@link ERROR_STATUS} for the HTTP status of each.
 */
export const ErrorCode = z.enum([
  'invalid_request',
  'bad_request',
  'invalid_amount',
  'invalid_currency',
  'invalid_price',
  'invalid_state',
  'idempotency_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'validation_error',
  'rate_limit_exceeded',
  'request_header_fields_too_large',
  'internal_error',
  'storage_full',
  'service_unavailable',
]);
/** Every error code the service answers. */
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The HTTP status that goes with each {@link ErrorCode}. */
export const ERROR_STATUS = {
  invalid_request: 400,
  bad_request: 400,
  invalid_amount: 400,
  invalid_currency: 400,
  invalid_price: 400,
  invalid_state: 400,
  idempotency_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_error: 422,
  rate_limit_exceeded: 429,
  request_header_fields_too_large: 431,
  internal_error: 500,
  storage_full: 507,
  service_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** An HTTP status of an error answer. */
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];
