import { z } from 'zod';
import { lazySchema } from '../schemas/lazy-schema.ts';
import { PaymentLinkCreate } from '../schemas/payment-link-requests.ts';
import { Email, Name } from '../schemas/primitives.ts';
import { ProductCreate } from '../schemas/product-requests.ts';
import { SubscriptionCreate } from '../schemas/subscription-requests.ts';
import { WebhookEndpointCreateRequest } from '../schemas/test-helper-requests.ts';
import { findTestCard } from '../test-cards/test-cards.ts';

/** A seed entry's local name, which other entries use as `"ref:<name>"` wherever an id is expected. */
export const SeedRefName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, _ or -');

/** `"ref:<name>"`: the id of the seed entry whose `ref` is that name. */
export const SeedRef = z.string().regex(/^ref:[A-Za-z0-9_-]{1,64}$/, 'must be ref:<name>');

const ref = { ref: SeedRefName.optional() };

/** A payment method saved for a seeded customer: a test card number, as a regular or an HSA/FSA card. */
export const SeedPaymentMethod = z.strictObject({
  ...ref,
  card_number: z
    .string()
    .regex(/^\d{16}$/, 'must be a 16-digit test card number')
    .refine((number) => findTestCard(number) !== undefined, 'must be one of the test cards'),
  type: z.enum(['card', 'hsa_fsa_card']).default('card'),
});
/** A payment method saved for a seeded customer. */
export type SeedPaymentMethod = z.infer<typeof SeedPaymentMethod>;

/** A seeded customer (one per e-mail), with the test cards saved as its payment methods. */
export const SeedCustomer = z.strictObject({
  ...ref,
  email: Email,
  first_name: Name.optional(),
  last_name: Name.optional(),
  payment_methods: z.array(SeedPaymentMethod).max(10).default([]),
});
/** A seeded customer. */
export type SeedCustomer = z.infer<typeof SeedCustomer>;

/**
 * A seeded subscription: the body of `POST /v2/subscriptions`, whose `customer_id`, `payment_method_id`
 * and `product_id` may name seed entries (`"ref:alice"`).
 */
export const SeedSubscription = lazySchema(() =>
  SubscriptionCreate.extend({
    ...ref,
    product_id: z.union([z.int().positive(), SeedRef]).optional(),
  }),
);
/** A seeded subscription. */
export type SeedSubscription = z.infer<typeof SeedSubscription>;

/**
 * A seeded webhook endpoint: the registration body, and optionally its signing `secret`
 * (`whsec_` and 32 letters or digits), so the receiver that verifies signatures can be configured
 * with it beforehand; one is generated otherwise.
 */
export const SeedWebhookEndpoint = WebhookEndpointCreateRequest.extend(ref);
/** A seeded webhook endpoint. */
export type SeedWebhookEndpoint = z.infer<typeof SeedWebhookEndpoint>;

/**
 * A seed: the objects a new sandbox starts with, each entry the API's creation body plus an optional
 * `ref`, its local name. Created in this order: products, customers (with their payment methods),
 * payment links, subscriptions (charged as `POST /v2/subscriptions` would), webhook endpoints.
 *
 * @example
 * const seed: SeedFile = {
 *   products: [{ ref: 'vitamins', name: 'Vitamin D', price: 1299, currency: 'USD', merchant_product_id: 'vit-d' }],
 *   customers: [{ ref: 'alice', email: 'alice@example.com', payment_methods: [{ ref: 'visa', card_number: '4242424242424242' }] }],
 *   subscriptions: [{ customer_id: 'ref:alice', payment_method_id: 'ref:visa', product_id: 'ref:vitamins',
 *     amount_cents: 1299, currency: 'USD', interval: 'monthly' }],
 * };
 */
export const SeedFile = lazySchema(() =>
  z.strictObject({
    products: z.array(ProductCreate.extend(ref)).max(10_000).optional(),
    customers: z.array(SeedCustomer).max(10_000).optional(),
    payment_links: z.array(PaymentLinkCreate.safeExtend(ref)).max(10_000).optional(),
    subscriptions: z.array(SeedSubscription).max(10_000).optional(),
    webhook_endpoints: z.array(SeedWebhookEndpoint).max(100).optional(),
  }),
);
/** A seed, parsed (defaults applied). */
export type SeedFile = z.infer<typeof SeedFile>;
/** A seed as written: what `defineSeed()` and a seed file take. */
export type SeedFileInput = z.input<typeof SeedFile>;
