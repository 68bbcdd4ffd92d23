import { z } from 'zod';
import { tagged } from './issue-tag.ts';
import { lazySchema, memoized } from './lazy-schema.ts';
import { Cents, Email, HttpUrl, Metadata, Name, RedirectUrl, SettledCurrency } from './primitives.ts';
import { PaymentType } from './statuses.ts';
import { SubscriptionRequest } from './subscription-request.ts';

/** The fields and parts both request shapes share, built with the first of them. */
const sharedParts = memoized(() => {
  const Line = z.string().trim().min(1).max(255);
  const PostalCode = z.string().trim().min(1).max(20);
  const CountryCode = z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166-1 country code');

  const addressFields = {
    address_line_1: Line,
    address_line_2: z.string().max(255).optional(),
    city: Line,
    state: Line,
    country: CountryCode,
  };

  const lineItemFields = {
    name: Name,
    image_url: HttpUrl.optional(),
    quantity: z.int().min(1).max(10_000),
  };

  const CheckoutCustomerRequest = z.strictObject({
    email: Email,
    first_name: Name,
    last_name: Name,
    phone: z.string().trim().min(1).max(40).optional(),
  });

  const sessionFields = {
    reference_id: Line,
    customer: CheckoutCustomerRequest,
    success_url: RedirectUrl,
    metadata: Metadata.optional(),
    payment_type: PaymentType.optional(),
    subscription: SubscriptionRequest.optional(),
  };

  return { Line, PostalCode, addressFields, lineItemFields, sessionFields };
});

/**
 * The reference request shape of `POST /api/v2/checkout`: what the SDK sends.
 * `billing_info` defaults to the shipping address.
 */
export const CheckoutCreateReference = lazySchema(() => {
  const { Line, PostalCode, addressFields, lineItemFields, sessionFields } = sharedParts();
  /** A shipping or billing address in the reference request shape (`postal_code`). */
  const CheckoutAddress = z.strictObject({ ...addressFields, postal_code: PostalCode });
  /** A line item in the reference request shape: `product_id` is the merchant product id. */
  const CheckoutLineItemRequest = z.strictObject({
    ...lineItemFields,
    product_id: Line,
    price: Cents,
    currency: SettledCurrency,
  });
  return z.strictObject({
    ...sessionFields,
    line_items: z.array(CheckoutLineItemRequest).min(1).max(100),
    shipping_info: CheckoutAddress,
    billing_info: CheckoutAddress.optional(),
    shipping: Cents.optional(),
    tax: Cents.optional(),
    discount: Cents.optional(),
    failure_url: RedirectUrl,
  });
});
/** The reference request shape of `POST /api/v2/checkout`. */
export type CheckoutCreateReference = z.infer<typeof CheckoutCreateReference>;

/** Every field of either checkout request shape, each spelling optional, before the spelling checks. */
export const CheckoutCreateFields = lazySchema(() => {
  const { Line, PostalCode, addressFields, lineItemFields, sessionFields } = sharedParts();
  const GuideAmounts = z.strictObject({
    shipping_cents: Cents.optional(),
    tax_cents: Cents.optional(),
    discount_cents: Cents.optional(),
  });
  const AnyAddress = z.strictObject({
    ...addressFields,
    postal_code: PostalCode.optional(),
    zip: PostalCode.optional(),
  });
  return z.strictObject({
    ...sessionFields,
    line_items: z
      .array(
        z.strictObject({
          ...lineItemFields,
          product_id: Line.optional(),
          merchant_product_id: Line.optional(),
          price: Cents.optional(),
          price_cents: Cents.optional(),
          currency: SettledCurrency.optional(),
        }),
      )
      .max(100)
      .refine((items) => items.length > 0, { message: 'the cart is empty', ...tagged('missing') }),
    shipping_info: AnyAddress,
    billing_info: AnyAddress.optional(),
    shipping: Cents.optional(),
    tax: Cents.optional(),
    discount: Cents.optional(),
    amounts: GuideAmounts.optional(),
    failure_url: RedirectUrl.optional(),
    cancel_url: RedirectUrl.optional(),
  });
});
/** Every field of either checkout request shape, each spelling optional, before the spelling checks. */
export type CheckoutCreateFields = z.infer<typeof CheckoutCreateFields>;
