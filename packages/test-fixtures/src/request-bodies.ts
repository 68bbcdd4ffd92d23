// The request bodies the tests of all three packages send: one builder per kind of request, so a
// field the interface adds or renames changes here once. Tests import them by package name,
// `import { checkoutRequest } from '@glm/test-fixtures'`; no shipped module does, so no build carries them.
//
// Every builder answers a fresh object; `overrides` replace top-level fields.

/** The shopper of every test checkout. */
export const SHOPPER = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

/** A US shipping address in the reference shape of a checkout request (`postal_code`). */
export const SHIPPING_ADDRESS = {
  address_line_1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

/** A product creation body, eligible by its name alone (a thermometer is auto-substantiated). */
export function productRequest<O extends object = object>(overrides: O = {} as O) {
  return { name: 'Digital Thermometer', price: 1_299, currency: 'USD', ...overrides };
}

/** An eligible product: its barcode is in the sample eligibility database. */
export function eligibleProduct<O extends object = object>(overrides: O = {} as O) {
  return productRequest({
    name: 'Ibuprofen 200mg Tablets 100 ct',
    price: 1299,
    currency: 'usd',
    merchant_product_id: 'sku-ibuprofen',
    upc_code_or_gtin: '074100001236',
    ...overrides,
  });
}

/** A product that is not eligible: its barcode is in the sample eligibility database as not eligible. */
export function regularProduct<O extends object = object>(overrides: O = {} as O) {
  return productRequest({
    name: 'Facial Tissue 3-Ply 120 ct',
    price: 499,
    currency: 'USD',
    merchant_product_id: 'sku-tissue',
    upc_code_or_gtin: '036000291452',
    ...overrides,
  });
}

/** A line item of a reference-shape checkout request: one unit of a merchant product at 1000 cents. */
export function checkoutLine<O extends object = object>(productId: string, overrides: O = {} as O) {
  return {
    product_id: productId,
    name: `Item ${productId}`,
    price: 1000,
    quantity: 1,
    currency: 'USD',
    ...overrides,
  };
}

/** A line of {@link checkoutRequest}: a whole line item, or a merchant product id for {@link checkoutLine}. */
type Line = string | ReturnType<typeof checkoutLine>;

/** A reference-shape checkout creation request for `lines` (a merchant product id is one unit at 1000 cents). */
export function checkoutRequest<O extends object = object>(lines: readonly Line[], overrides: O = {} as O) {
  return {
    reference_id: 'cart-1',
    customer: { ...SHOPPER },
    line_items: lines.map((line) => (typeof line === 'string' ? checkoutLine(line) : line)),
    shipping_info: { ...SHIPPING_ADDRESS },
    success_url: 'https://shop.example.com/ok?cs={CHECKOUT_SESSION_ID}',
    failure_url: 'https://shop.example.com/failed',
    ...overrides,
  };
}

/** A one-time payment link creation body of 5000 cents. */
export function paymentLinkRequest<O extends object = object>(overrides: O = {} as O) {
  return {
    amount_cents: 5000,
    currency: 'USD',
    description: 'Annual eye exam',
    success_url: 'https://shop.example.com/thanks',
    ...overrides,
  };
}

/** A subscription creation body: $25.00 a month for the customer, charged to the payment method. */
export function subscriptionRequest<O extends object = object>(
  customerId: string,
  paymentMethodId: string,
  overrides: O = {} as O,
) {
  return {
    customer_id: customerId,
    payment_method_id: paymentMethodId,
    amount_cents: 2500,
    currency: 'USD',
    interval: 'monthly' as const,
    ...overrides,
  };
}

/** A partial refund creation body of 1000 cents of the order. */
export function refundRequest<O extends object = object>(orderId: string, overrides: O = {} as O) {
  return { order_id: orderId, amount_cents: 1000, reason: 'damaged_product', ...overrides };
}
