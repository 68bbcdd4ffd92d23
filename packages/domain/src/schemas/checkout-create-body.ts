import type { z } from 'zod';
import { CheckoutCreateFields } from './checkout-create.ts';
import { tagged } from './issue-tag.ts';
import { lazySchema } from './lazy-schema.ts';
import { checkoutRequestProblems } from './normalize-checkout-request.ts';

/**
 * The body `POST /api/v2/checkout` accepts: the reference shape, the guide shape, or a mix.
 * A field missing in every spelling, two spellings that disagree and an empty cart are
 * `400 bad_request`; a non-USD item, a discount above subtotal + shipping + tax, a subscription
 * without interval or a `metadata.webhook_url` that is not http(s) are `422 validation_error`.
 * Turn the parsed value into one form with `normalizeCheckoutRequest`.
 */
export const CheckoutCreate = lazySchema(() =>
  CheckoutCreateFields.superRefine((body, context) => {
    for (const problem of checkoutRequestProblems(body)) {
      context.addIssue({
        code: 'custom',
        path: problem.path,
        message: problem.message,
        ...(problem.tag === undefined ? {} : tagged(problem.tag)),
      });
    }
  }),
);
/** The body `POST /api/v2/checkout` accepts. */
export type CheckoutCreate = z.infer<typeof CheckoutCreate>;
