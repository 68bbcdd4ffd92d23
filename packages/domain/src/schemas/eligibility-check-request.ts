import { z } from 'zod';
import { Gtin } from './gtin.ts';
import { tagged } from './issue-tag.ts';
import { lazySchema } from './lazy-schema.ts';
import { Name } from './primitives.ts';

/**
 * The body of `POST /api/v2/products/check-eligibility`: a barcode, a product name
 * or both. Neither is `400 invalid_request`; a malformed barcode `422 validation_error`.
 */
export const EligibilityCheckRequest = lazySchema(() =>
  z
    .strictObject({ upc_code_or_gtin: Gtin.optional(), product_name: Name.optional() })
    .refine((body) => body.upc_code_or_gtin !== undefined || body.product_name !== undefined, {
      message: 'one of upc_code_or_gtin or product_name is required',
      ...tagged('missing'),
    }),
);
/** The body of `POST /api/v2/products/check-eligibility`. */
export type EligibilityCheckRequest = z.infer<typeof EligibilityCheckRequest>;
