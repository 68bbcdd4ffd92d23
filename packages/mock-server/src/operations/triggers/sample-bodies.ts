/** A JSON request body. */
export type RequestBody = Record<string, unknown>;

/** The test card that pays. */
export const SUCCEEDING_CARD = '4242424242424242';

/** The shipping address of every sample checkout, in the reference shape (`postal_code`). */
export const SAMPLE_SHIPPING = {
  address_line_1: '1 Demo Way',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
} as const;

/** A test shopper whose e-mail carries `tag` (a run's unique suffix), so runs stay apart. */
export const sampleShopper = (tag: string): RequestBody => ({
  email: `${tag}@example.com`,
  first_name: 'Test',
  last_name: 'Shopper',
});

/** A product creation body (an eligible item, $12.99) with this merchant product id. */
export const sampleProduct = (merchantProductId: string): RequestBody => ({
  name: 'Ibuprofen 200mg Tablets 100 ct',
  price: 1299,
  currency: 'USD',
  merchant_product_id: merchantProductId,
  upc_code_or_gtin: '074100001236',
});

/**
 * A checkout session body: one unit of the product with this merchant id, name and price (default
 * $12.99), for `tag`'s shopper unless `customer` is given.
 */
export const sampleCheckout = (
  tag: string,
  merchantProductId: string,
  name: string,
  price = 1299,
  customer: RequestBody = sampleShopper(tag),
): RequestBody => ({
  reference_id: tag,
  customer,
  line_items: [{ product_id: merchantProductId, name, price, quantity: 1, currency: 'USD' }],
  shipping_info: { ...SAMPLE_SHIPPING },
  success_url: 'https://merchant.example/thanks',
  failure_url: 'https://merchant.example/cart',
});

/** A one-time payment link body ($50.00), with `extra` fields over it. */
export const samplePaymentLink = (extra: RequestBody = {}): RequestBody => ({
  amount_cents: 5000,
  currency: 'USD',
  description: 'Annual eye exam',
  success_url: 'https://merchant.example/thanks',
  ...extra,
});
