/** An eligible product (a sample barcode of the eligibility database). */
export const eligibleProduct = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Ibuprofen 200mg Tablets 100 ct',
  price: 1299,
  currency: 'usd',
  merchant_product_id: 'sku-ibuprofen',
  upc_code_or_gtin: '074100001236',
  ...overrides,
});

/** A product that is not eligible (a sample barcode). */
export const regularProduct = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Facial Tissue 3-Ply 120 ct',
  price: 499,
  currency: 'USD',
  merchant_product_id: 'sku-tissue',
  upc_code_or_gtin: '036000291452',
  ...overrides,
});

/** A reference-shape checkout request (4.4) for the given merchant product ids, one unit each at 1000 cents. */
export const checkoutRequest = (
  productIds: readonly string[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> => ({
  reference_id: 'cart-1',
  customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  line_items: productIds.map((id) => ({
    product_id: id,
    name: `Item ${id}`,
    price: 1000,
    quantity: 1,
    currency: 'USD',
  })),
  shipping_info: {
    address_line_1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    country: 'US',
  },
  success_url: 'https://shop.example.com/ok?cs={CHECKOUT_SESSION_ID}',
  failure_url: 'https://shop.example.com/failed',
  ...overrides,
});
