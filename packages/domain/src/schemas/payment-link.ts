import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Cents, MetadataRecord, Timestamp } from './primitives.ts';
import { EligibilityType, PaymentLinkStatus, PaymentType } from './statuses.ts';
import { SubscriptionTerms } from './subscription.ts';

/** A product line of a payment link as answered: unit price plus catalog eligibility. */
const PaymentLinkProduct = z.object({
  merchant_product_id: z.string(),
  name: z.string(),
  quantity: z.int().positive(),
  price_cents: Cents,
  is_hsa_fsa_eligible: z.boolean(),
  eligibility_type: EligibilityType.nullable(),
});

/** The pre-filled customer of a payment link: every field optional. */
const PaymentLinkCustomer = z.object({
  email: z.string().nullable(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
});

/**
 * A payment link (`plink_…`). `status` and `payment_type` are open.
 * `cancelled_at` and `cancellation_reason` are present after cancellation; `subscription` only on
 * subscription links.
 */
export const PaymentLink = z.object({
  id: z.string(),
  url: z.string(),
  amount_cents: Cents,
  currency: z.string(),
  description: z.string(),
  payment_type: PaymentType,
  subscription: SubscriptionTerms.nullish(),
  status: PaymentLinkStatus,
  customer: PaymentLinkCustomer.nullable(),
  products: z.array(PaymentLinkProduct),
  success_url: z.string(),
  cancel_url: z.string().nullable(),
  metadata: MetadataRecord,
  expires_at: Timestamp,
  created_at: Timestamp,
  cancelled_at: Timestamp.nullish(),
  cancellation_reason: z.string().nullish(),
});
/** A payment link (`plink_…`). */
export type PaymentLink = z.infer<typeof PaymentLink>;

/** A page of payment links. */
export const PaymentLinkList = lazySchema(() => ListPage(PaymentLink, z.string()));
/** A page of payment links. */
export type PaymentLinkList = z.infer<typeof PaymentLinkList>;
