import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import {
  Cents,
  Email,
  Metadata,
  Name,
  PositiveCents,
  RedirectUrl,
  SettledCurrency,
  ShortText,
  Timestamp,
} from './primitives.ts';
import { createdRange, IdCursor, ListLimit } from './query-params.ts';
import { PaymentLinkStatus, PaymentType } from './statuses.ts';
import { SubscriptionRequest, subscriptionProblem } from './subscription-request.ts';

/** A product line of a payment link request: unit price in cents. */
const PaymentLinkProductRequest = z.strictObject({
  merchant_product_id: z.string().trim().min(1).max(255),
  name: Name,
  quantity: z.int().min(1).max(10_000),
  price_cents: Cents,
});

/**
 * The body of `POST /v2/payment-links`. `amount_cents` that is not a positive
 * integer is `400 invalid_amount`; a non-USD currency `400 invalid_currency`; a subscription without
 * interval, products summing above `amount_cents` or bad URLs `422 validation_error`. Whether
 * `expires_at` is in the future and at most 90 days away needs the clock: the server checks it.
 */
export const PaymentLinkCreate = lazySchema(() =>
  z
    .strictObject({
      amount_cents: PositiveCents,
      currency: SettledCurrency,
      description: z.string().trim().min(1).max(1000),
      customer: z
        .strictObject({ email: Email.optional(), first_name: Name.optional(), last_name: Name.optional() })
        .optional(),
      products: z.array(PaymentLinkProductRequest).max(100).optional(),
      payment_type: PaymentType.default('one_time'),
      subscription: SubscriptionRequest.optional(),
      success_url: RedirectUrl,
      cancel_url: RedirectUrl.optional(),
      metadata: Metadata.optional(),
      expires_at: Timestamp.optional(),
    })
    .superRefine((body, context) => {
      const subscription = subscriptionProblem(body.payment_type, body.subscription);
      if (subscription !== undefined) context.addIssue({ code: 'custom', ...subscription });
      const total = (body.products ?? []).reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
      if (total > body.amount_cents) {
        context.addIssue({ code: 'custom', path: ['products'], message: 'products sum above amount_cents' });
      }
    }),
);
/** The body of `POST /v2/payment-links`. */
export type PaymentLinkCreate = z.infer<typeof PaymentLinkCreate>;

/** The body of `POST /v2/payment-links/{id}/cancel`: an optional reason ≤ 500 characters. */
export const PaymentLinkCancel = lazySchema(() => z.strictObject({ reason: ShortText.optional() }));
/** The body of `POST /v2/payment-links/{id}/cancel`. */
export type PaymentLinkCancel = z.infer<typeof PaymentLinkCancel>;

/** The query of `GET /v2/payment-links`; unknown parameters are refused. */
export const PaymentLinkListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: IdCursor.optional(),
    status: PaymentLinkStatus.optional(),
    payment_type: PaymentType.optional(),
    customer_email: z.string().min(1).max(255).optional(),
    ...createdRange,
  }),
);
/** The query of `GET /v2/payment-links`. */
export type PaymentLinkListQuery = z.infer<typeof PaymentLinkListQuery>;
