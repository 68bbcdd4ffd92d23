import { z } from 'zod';
import { ErrorCode } from '../errors/error-code.ts';
import { openEnum } from './open-enum.ts';

/** One field-level problem of a validation error. */
export const ErrorDetail = z.object({ field: z.string(), message: z.string() });
/** One field-level problem of a validation error. */
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/**
 * The error body of every endpoint: `{error: {code, message, param?, details?}}`.
 * `code` is open; `param` names the offending parameter in the interface's notation
 * (`line_items[0].price`).
 */
export const ErrorBody = z.object({
  error: z.object({
    code: openEnum(ErrorCode),
    message: z.string(),
    param: z.string().optional(),
    details: z.array(ErrorDetail).optional(),
  }),
});
/** The error body of every endpoint. */
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The error body of checkout endpoints: the common body plus `success: false` and the request id. */
export const CheckoutErrorBody = ErrorBody.extend({
  success: z.literal(false),
  metadata: z.object({ request_id: z.string() }),
});
/** The error body of checkout endpoints. */
export type CheckoutErrorBody = z.infer<typeof CheckoutErrorBody>;
