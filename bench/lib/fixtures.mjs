// Shared inputs of the benchmarks: a five-product catalog, a five-item checkout over it, and helpers to
// build a mock service holding one paid order.
import { createMockService } from '@glm/mock-server';

/** Five catalog products (creation bodies, D8): eligible, regular and prescription-free items. */
export const CATALOG = [
  {
    name: 'Ibuprofen 200mg Tablets 100 ct',
    price: 1299,
    currency: 'USD',
    merchant_product_id: 'bench-ibuprofen',
    upc_code_or_gtin: '074100001236',
  },
  {
    name: 'Adhesive Bandages Assorted 60 ct',
    price: 649,
    currency: 'USD',
    merchant_product_id: 'bench-bandages',
    upc_code_or_gtin: '381370078913',
  },
  {
    name: 'Reading Glasses +1.50',
    price: 1999,
    currency: 'USD',
    merchant_product_id: 'bench-readers',
    upc_code_or_gtin: '96385074',
  },
  {
    name: 'Facial Tissue 3-Ply 120 ct',
    price: 499,
    currency: 'USD',
    merchant_product_id: 'bench-tissue',
    upc_code_or_gtin: '036000291452',
  },
  { name: 'Digital Thermometer', price: 1599, currency: 'USD', merchant_product_id: 'bench-thermometer' },
];

/** A checkout creation body (interface 4.4, reference shape) with one line per catalog product. */
export const CHECKOUT_BODY = {
  reference_id: 'bench-cart',
  customer: { email: 'bench@example.com', first_name: 'Bench', last_name: 'Shopper' },
  line_items: CATALOG.map((product, index) => ({
    product_id: product.merchant_product_id,
    name: product.name,
    price: product.price,
    quantity: index + 1,
    currency: 'USD',
  })),
  shipping_info: {
    address_line_1: '1 Bench Way',
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

/** A catalog product body number `i` (distinct merchant ids, names classified by the keyword rules). */
export const benchProduct = (i) => ({
  name: `Bench product ${i}`,
  price: 100 + (i % 1000),
  currency: 'USD',
  merchant_product_id: `bench-${i}`,
});

/** Creates the bench checkout through `service.handle`; answers the creation text and the session id. */
export async function createCheckout(service, origin = 'http://127.0.0.1') {
  const headers = { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' };
  const created = await service.handle(
    new Request(`${origin}/api/v2/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify(CHECKOUT_BODY),
    }),
  );
  const checkoutText = await created.text();
  if (created.status !== 201) throw new Error(`checkout: ${created.status} ${checkoutText}`);
  return { checkoutText, checkoutId: JSON.parse(checkoutText).data.checkout_id };
}

/**
 * Creates a checkout through `service.handle` (as a merchant would over HTTP) and pays it with the
 * default test card; answers the checkout creation text, the order id and the order's JSON text as
 * `GET /v2/orders/{id}` answers it.
 */
export async function createPaidOrder(service, origin = 'http://127.0.0.1') {
  const headers = { authorization: `Bearer ${service.keys.test}` };
  const { checkoutText, checkoutId } = await createCheckout(service, origin);
  const { order } = await service.payCheckout(checkoutId);
  if (order === null || order === undefined) throw new Error('the test card did not create an order');
  const answer = await service.handle(new Request(`${origin}/v2/orders/${order.id}`, { headers }));
  const orderText = await answer.text();
  if (answer.status !== 200) throw new Error(`order: ${answer.status} ${orderText}`);
  return { checkoutText, orderId: order.id, orderText };
}

/** A mock service for load: rate limits off (D13 would refuse most of a benchmark), the five products seeded. */
export const benchService = (options = {}) =>
  createMockService({ rateLimit: false, seed: { products: CATALOG }, ...options });
