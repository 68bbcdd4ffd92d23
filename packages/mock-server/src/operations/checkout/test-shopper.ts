/**
 * The shopper the pay test helpers play when they pay a session that names no customer and the
 * request names no payer; the address of every payment link's session (a link carries none). The
 * hosted pages never use the name or e-mail: they ask the shopper.
 */
export const TEST_SHOPPER = {
  email: 'shopper@example.com',
  first_name: 'Test',
  last_name: 'Shopper',
  address: {
    address_line_1: '1 Test Street',
    address_line_2: null,
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    country: 'US',
  },
} as const;
