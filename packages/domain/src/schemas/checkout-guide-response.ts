import { z } from 'zod';
import { type CheckoutSession, CheckoutSessionEnvelope } from './checkout-session.ts';
import { lazySchema } from './lazy-schema.ts';
import { Timestamp } from './primitives.ts';
import { CheckoutSessionStatus } from './statuses.ts';

/**
 * The answer of `POST /v2/checkout` as the embedded checkout guide shows it: `id`,
 * `checkout_url`, `status`, `expires_at` and `created_at` at the top level, with no envelope. The
 * reference server answers the checkout envelope only; this shape exists so that a client can also read
 * a service that answers the guide's way. `status` is open; unknown fields are dropped.
 */
export const CheckoutGuideResponse = z.object({
  id: z.string(),
  checkout_url: z.string(),
  status: CheckoutSessionStatus,
  expires_at: Timestamp,
  created_at: Timestamp,
});
/** The answer of `POST /v2/checkout` as the embedded checkout guide shows it. */
export type CheckoutGuideResponse = z.infer<typeof CheckoutGuideResponse>;

/**
 * The five fields every checkout creation answer carries, plus the whole session when the answer is the
 * `{success, message, data, metadata}` envelope (`null` from the guide's answer).
 */
export type CheckoutCreateSummary = Pick<
  CheckoutSession,
  'checkout_id' | 'checkout_url' | 'status' | 'expires_at' | 'created_at'
> & { session: CheckoutSession | null };

/**
 * What either answer of checkout creation says, in one form: the checkout envelope or the embedded
 * checkout guide's top-level answer. `session` is the whole session from an envelope, `null` from the
 * guide's answer, which carries only the five fields.
 *
 * @example
 * const created = CheckoutCreateResponse.parse(await response.json());
 * redirectTo(created.checkout_url);
 */
export const CheckoutCreateResponse = lazySchema(() =>
  z.union([
    CheckoutSessionEnvelope.transform(
      ({ data }): CheckoutCreateSummary => ({
        checkout_id: data.checkout_id,
        checkout_url: data.checkout_url,
        status: data.status,
        expires_at: data.expires_at,
        created_at: data.created_at,
        session: data,
      }),
    ),
    CheckoutGuideResponse.transform(
      (body): CheckoutCreateSummary => ({
        checkout_id: body.id,
        checkout_url: body.checkout_url,
        status: body.status,
        expires_at: body.expires_at,
        created_at: body.created_at,
        session: null,
      }),
    ),
  ]),
);
/** What either answer of checkout creation says, in one form. */
export type CheckoutCreateResponse = z.infer<typeof CheckoutCreateResponse>;
