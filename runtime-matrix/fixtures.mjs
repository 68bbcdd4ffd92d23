// The one catalog product and checkout request of the runtime matrix (the Bun/Deno smoke test and the
// msw 3 adapter test), plain JavaScript so every runtime here can load it.

/** The product the servers are seeded with (a product creation body, D8). */
export const THERMOMETER = {
  name: 'Digital Thermometer',
  price: 1599,
  currency: 'USD',
  merchant_product_id: 'thermo-1',
};

/** A checkout request (interface 4.4, reference shape) for two thermometers. */
export const checkoutRequest = (reference, metadata = undefined) => ({
  reference_id: reference,
  customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  line_items: [
    { product_id: 'thermo-1', name: 'Digital Thermometer', price: 1599, quantity: 2, currency: 'USD' },
  ],
  shipping_info: {
    address_line_1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
  success_url: 'https://shop.example/thanks',
  failure_url: 'https://shop.example/cart',
  ...(metadata === undefined ? {} : { metadata }),
});
