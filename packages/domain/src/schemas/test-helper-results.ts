import { z } from 'zod';
import { DeclineCode } from '../test-cards/test-cards.ts';
import { CheckoutSession } from './checkout-session.ts';
import { lazySchema } from './lazy-schema.ts';
import { Order } from './order.ts';
import { PaymentLink } from './payment-link.ts';
import { Timestamp } from './primitives.ts';
import { PaymentAttemptOutcome, PaymentPart } from './statuses.ts';

/**
 * What one card did in a test payment: the `part` of the cart it was given (`hsa_fsa` or `regular`),
 * its last four digits, and what it answered (`decline_code` with a decline). A payment is all or
 * nothing: when one card declines, nothing is charged, and the other card's entry says what it
 * answered.
 */
export const PaymentCardResult = z.object({
  part: PaymentPart,
  last4: z.string().regex(/^\d{4}$/),
  outcome: PaymentAttemptOutcome,
  decline_code: DeclineCode.optional(),
});
/** What one card did in a test payment. */
export type PaymentCardResult = z.infer<typeof PaymentCardResult>;

/**
 * How a test payment went. `decline_code` and `retryable` come with a decline; `cards` says which card
 * paid which part of the cart (the HSA/FSA part first).
 */
const PaymentAttemptResult = z.object({
  outcome: PaymentAttemptOutcome,
  decline_code: DeclineCode.nullish(),
  retryable: z.boolean().optional(),
  cards: z.array(PaymentCardResult),
});

/** The answer of `POST /v2/test_helpers/checkout/{id}/pay`: `order` is null when declined. */
export const CheckoutPayResult = z.object({
  checkout: CheckoutSession,
  order: Order.nullable(),
  payment: PaymentAttemptResult,
});
/** The answer of `POST /v2/test_helpers/checkout/{id}/pay`. */
export type CheckoutPayResult = z.infer<typeof CheckoutPayResult>;

/** The answer of `POST /v2/test_helpers/payment-links/{id}/pay`. */
export const PaymentLinkPayResult = lazySchema(() => CheckoutPayResult.extend({ payment_link: PaymentLink }));
/** The answer of `POST /v2/test_helpers/payment-links/{id}/pay`. */
export type PaymentLinkPayResult = z.infer<typeof PaymentLinkPayResult>;

/** The test clock: `GET /v2/test_helpers/clock` and the answer of advancing it. */
export const ClockState = z.object({ now: Timestamp });
/** The test clock. */
export type ClockState = z.infer<typeof ClockState>;

/** The answer of an eligibility database refresh: the products whose result changed. */
export const EligibilityRefreshResult = lazySchema(() =>
  z.object({
    version: z.string(),
    changed_product_ids: z.array(z.int()),
  }),
);
/** The answer of an eligibility database refresh. */
export type EligibilityRefreshResult = z.infer<typeof EligibilityRefreshResult>;

/**
 * The answer of `POST /v2/test_helpers/checkout/{id}/cancel`: the shopper's cancel leaves the
 * session `open`, so the answer is the session as it stands.
 */
export const CheckoutCancelResult = z.object({ checkout: CheckoutSession });
/** The answer of `POST /v2/test_helpers/checkout/{id}/cancel`. */
export type CheckoutCancelResult = z.infer<typeof CheckoutCancelResult>;

/**
 * The answer of `POST /v2/test_helpers/webhooks/flush`, for the key's mode: `attempted` counts the
 * attempts whose outcome was recorded during the flush; `pending` the deliveries still waiting for a
 * retry after it; `delivered` and `failed` the deliveries in those end states, all time.
 */
export const WebhookFlushResult = lazySchema(() =>
  z.object({
    attempted: z.int().nonnegative(),
    pending: z.int().nonnegative(),
    delivered: z.int().nonnegative(),
    failed: z.int().nonnegative(),
  }),
);
/** The answer of `POST /v2/test_helpers/webhooks/flush`. */
export type WebhookFlushResult = z.infer<typeof WebhookFlushResult>;

/**
 * The answer of `POST /v2/test_helpers/reset`: the calling merchant is back where the server started
 * (its seed or snapshot), and `now` is its clock after the reset.
 */
export const ResetResult = z.object({ reset: z.literal(true), now: Timestamp });
/** The answer of `POST /v2/test_helpers/reset`. */
export type ResetResult = z.infer<typeof ResetResult>;

/** The answer of `GET /healthz`: the server is up and answering. */
export const HealthStatus = z.object({ status: z.literal('ok') });
/** The answer of `GET /healthz`. */
export type HealthStatus = z.infer<typeof HealthStatus>;

/** The answer of `DELETE /v2/test_helpers/faults`: how many rules were removed. */
export const FaultRulesCleared = z.object({ deleted: z.int().nonnegative() });
/** The answer of `DELETE /v2/test_helpers/faults`. */
export type FaultRulesCleared = z.infer<typeof FaultRulesCleared>;
