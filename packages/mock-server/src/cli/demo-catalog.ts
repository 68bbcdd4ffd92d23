/** Products the `--demo` flag seeds: eligible, dual-purpose-free regular and prescription items from the sample database. */
export const DEMO_PRODUCTS: readonly Readonly<Record<string, unknown>>[] = [
  {
    name: 'Ibuprofen 200mg Tablets 100 ct',
    price: 1299,
    currency: 'USD',
    merchant_product_id: 'demo-ibuprofen',
    upc_code_or_gtin: '074100001236',
  },
  {
    name: 'Adhesive Bandages Assorted 60 ct',
    price: 649,
    currency: 'USD',
    merchant_product_id: 'demo-bandages',
    upc_code_or_gtin: '381370078913',
  },
  {
    name: 'Reading Glasses +1.50',
    price: 1999,
    currency: 'USD',
    merchant_product_id: 'demo-readers',
    upc_code_or_gtin: '96385074',
  },
  {
    name: 'Facial Tissue 3-Ply 120 ct',
    price: 499,
    currency: 'USD',
    merchant_product_id: 'demo-tissue',
    upc_code_or_gtin: '036000291452',
  },
];

/** A split-cart checkout request over the demo catalog. */
export const DEMO_CHECKOUT: Readonly<Record<string, unknown>> = {
  reference_id: 'demo-cart-1',
  customer: { email: 'shopper@example.com', first_name: 'Demo', last_name: 'Shopper' },
  line_items: [
    {
      product_id: 'demo-ibuprofen',
      name: 'Ibuprofen 200mg Tablets 100 ct',
      price: 1299,
      quantity: 1,
      currency: 'USD',
    },
    {
      product_id: 'demo-tissue',
      name: 'Facial Tissue 3-Ply 120 ct',
      price: 499,
      quantity: 2,
      currency: 'USD',
    },
  ],
  shipping_info: {
    address_line_1: '1 Demo Way',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    country: 'US',
  },
  shipping: 500,
  tax: 180,
  success_url: 'https://merchant.example/thanks?session={CHECKOUT_SESSION_ID}',
  failure_url: 'https://merchant.example/cart',
};
