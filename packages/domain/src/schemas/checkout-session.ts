import { z } from 'zod';
import { CheckoutEnvelope } from './checkout-envelope.ts';
import { Cents, MetadataRecord, Timestamp } from './primitives.ts';
import { CartType, CheckoutSessionStatus, EligibilityType, PaymentType } from './statuses.ts';
import { SubscriptionTerms } from './subscription.ts';

/**
 * A line item of a checkout session as answered: the request's item plus the eligibility the
 * catalog gave it. `product_id` is the merchant's product id; `eligibility_type` is open.
 */
export const CheckoutLineItem = z.object({
  product_id: z.string(),
  name: z.string(),
  image_url: z.string().nullish(),
  price: Cents,
  quantity: z.int().positive(),
  currency: z.string(),
  is_hsa_fsa_eligible: z.boolean(),
  eligibility_type: EligibilityType.nullable(),
});
/** A line item of a checkout session as answered. */
export type CheckoutLineItem = z.infer<typeof CheckoutLineItem>;

/** The amounts of a checkout session in cents. */
const CheckoutAmounts = z.object({
  subtotal: Cents,
  hsa_amount: Cents,
  regular_amount: Cents,
  shipping: Cents,
  tax: Cents,
  discount: Cents,
  total: Cents,
});

/** The shopper of a checkout session. */
export const CheckoutCustomer = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullish(),
});
/** The shopper of a checkout session. */
export type CheckoutCustomer = z.infer<typeof CheckoutCustomer>;

/**
 * A checkout session: the `data` of the checkout envelope. `status` and
 * `type` are open. `order_id`, `paid_at` and `expired_at` are null until they happen; they and
 * the request echoes `metadata`, `payment_type` and `subscription` may be absent from a creation answer.
 */
export const CheckoutSession = z.object({
  checkout_id: z.string(),
  checkout_url: z.string(),
  reference_id: z.string(),
  status: CheckoutSessionStatus,
  type: CartType,
  customer: CheckoutCustomer,
  line_items: z.array(CheckoutLineItem),
  amounts: CheckoutAmounts,
  success_url: z.string(),
  failure_url: z.string(),
  expires_at: Timestamp,
  created_at: Timestamp,
  order_id: z.string().nullish(),
  paid_at: Timestamp.nullish(),
  expired_at: Timestamp.nullish(),
  metadata: MetadataRecord.optional(),
  payment_type: PaymentType.optional(),
  subscription: SubscriptionTerms.nullish(),
});
/** A checkout session: the `data` of the checkout envelope. */
export type CheckoutSession = z.infer<typeof CheckoutSession>;

/** The answer of checkout creation and status lookup. */
export const CheckoutSessionEnvelope = CheckoutEnvelope(CheckoutSession);
/** The answer of checkout creation and status lookup. */
export type CheckoutSessionEnvelope = z.infer<typeof CheckoutSessionEnvelope>;
