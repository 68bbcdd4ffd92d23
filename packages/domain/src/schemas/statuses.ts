import { z } from 'zod';

/** States of a checkout session. */
export const CheckoutSessionStatus = z.enum(['open', 'paid', 'expired']);
/** States of a checkout session. */
export type CheckoutSessionStatus = z.infer<typeof CheckoutSessionStatus>;

/** States of a payment link. */
export const PaymentLinkStatus = z.enum(['active', 'expired', 'paid', 'cancelled']);
/** States of a payment link. */
export type PaymentLinkStatus = z.infer<typeof PaymentLinkStatus>;

/** Fulfilment states of an order. */
export const OrderStatus = z.enum(['pending', 'processing', 'completed', 'failed', 'cancelled']);
/** Fulfilment states of an order. */
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Payment states of an order. */
export const PaymentStatus = z.enum(['pending', 'authorized', 'captured', 'failed', 'refunded', 'disputed']);
/** Payment states of an order. */
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** Payment status as reported in refund events: adds `partially_refunded`. */
export const EventPaymentStatus = z.enum([...PaymentStatus.options, 'partially_refunded']);
/** Payment status as reported in refund events: adds `partially_refunded`. */
export type EventPaymentStatus = z.infer<typeof EventPaymentStatus>;

/** States of a refund. */
export const RefundStatus = z.enum(['pending', 'succeeded', 'failed']);
/** States of a refund. */
export type RefundStatus = z.infer<typeof RefundStatus>;

/** Why a refund is made. */
export const RefundReason = z.enum([
  'customer_request',
  'duplicate',
  'fraudulent',
  'product_unavailable',
  'damaged_product',
  'wrong_product',
  'other',
]);
/** Why a refund is made. */
export type RefundReason = z.infer<typeof RefundReason>;

/** States of a dispute. */
export const DisputeStatus = z.enum(['needs_response', 'under_review', 'won', 'lost', 'warning_closed']);
/** States of a dispute. */
export type DisputeStatus = z.infer<typeof DisputeStatus>;

/** How a dispute was closed. */
export const DisputeOutcome = z.enum(['won', 'lost', 'warning_closed']);
/** How a dispute was closed. */
export type DisputeOutcome = z.infer<typeof DisputeOutcome>;

/** States of a catalog product. */
export const ProductStatus = z.enum(['active', 'inactive', 'archived']);
/** States of a catalog product. */
export type ProductStatus = z.infer<typeof ProductStatus>;

/** States of a subscription. */
export const SubscriptionStatus = z.enum(['trialing', 'active', 'past_due', 'cancelled']);
/** States of a subscription. */
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/** Billing intervals of a subscription. */
export const SubscriptionInterval = z.enum(['daily', 'weekly', 'monthly', 'yearly']);
/** Billing intervals of a subscription. */
export type SubscriptionInterval = z.infer<typeof SubscriptionInterval>;

/** States of one webhook delivery. */
export const WebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);
/** States of one webhook delivery. */
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** Cart types derived from item eligibility. */
export const CartType = z.enum(['eligible', 'split', 'regular']);
/** Cart types derived from item eligibility. */
export type CartType = z.infer<typeof CartType>;

/** Kinds of HSA/FSA eligibility. */
export const EligibilityType = z.enum(['auto_substantiation', 'dual_purpose', 'vision', 'rx']);
/** Kinds of HSA/FSA eligibility. */
export type EligibilityType = z.infer<typeof EligibilityType>;

/** One-time or recurring payment. */
export const PaymentType = z.enum(['one_time', 'subscription']);
/** One-time or recurring payment. */
export type PaymentType = z.infer<typeof PaymentType>;

/** Key modes: a key's prefix sets it. */
export const Mode = z.enum(['test', 'live']);
/** Key modes: a key's prefix sets it. */
export type Mode = z.infer<typeof Mode>;

/**
 * Outcomes of one payment attempt: `succeeded` (captured), `authorized` (the order waits, `processing`,
 * until it is captured or fails) or `declined`.
 */
export const PaymentAttemptOutcome = z.enum(['succeeded', 'authorized', 'declined']);
/** Outcomes of one payment attempt. */
export type PaymentAttemptOutcome = z.infer<typeof PaymentAttemptOutcome>;

/**
 * The part of a cart a card pays: `hsa_fsa`, the HSA/FSA-eligible items (the HSA/FSA card's part), or
 * `regular`, everything else.
 */
export const PaymentPart = z.enum(['hsa_fsa', 'regular']);
/** The part of a cart a card pays. */
export type PaymentPart = z.infer<typeof PaymentPart>;
