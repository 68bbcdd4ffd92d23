// A merchant's program on a client generated from the service's OpenAPI document, not on @glm/sdk:
// `openapi-typescript` writes ./generated/glm-api.ts from GET /openapi.json and `openapi-fetch` calls
// the API with those types. It is type-checked under `strict` against freshly generated types by
// test/generated-client.test.ts (which is why the root tsconfig leaves this file out: the generated
// module exists only once `pnpm generate` has run).
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/glm-api.ts';
import type { MerchantOptions, MerchantReport } from './merchant-report.ts';

type Order = components['schemas']['Order'];
type Event = components['schemas']['Event'];

/** The data of a call, or an error that names the call and carries the service's error body. */
function dataOf<T>(result: { data?: T; error?: unknown; response: Response }, call: string): T {
  if (result.data === undefined) {
    throw new Error(`${call}: ${result.response.status} ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/** The orders of `order.completed` events: narrowing on `type` types `data` as an order. */
function completedOrders(events: readonly Event[]): Order[] {
  const orders: Order[] = [];
  for (const event of events) {
    if (event.type === 'order.completed') orders.push(event.data);
  }
  return orders;
}

/**
 * Creates a product and a checkout for it (a lower-case currency, a success URL with the
 * `{CHECKOUT_SESSION_ID}` placeholder), pays it with the test helper, and reads the events.
 */
export async function runMerchant({ baseUrl, apiKey }: MerchantOptions): Promise<MerchantReport> {
  const glm = createClient<paths>({
    baseUrl: `${baseUrl}/v2`,
    headers: { authorization: `Bearer ${apiKey}` },
  });

  const product = dataOf(
    await glm.POST('/products', {
      body: { name: 'Digital Thermometer', price: 1299, currency: 'usd', merchant_product_id: 'sku-thermo' },
    }),
    'create a product',
  );

  const creation = await glm.POST('/checkout', {
    params: { header: { 'Idempotency-Key': 'cart-42' } },
    body: {
      reference_id: 'cart-42',
      customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
      line_items: [
        { product_id: 'sku-thermo', name: product.name, price: product.price, quantity: 2, currency: 'usd' },
      ],
      shipping_info: {
        address_line_1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'us',
      },
      success_url: 'https://shop.example.com/thanks?session={CHECKOUT_SESSION_ID}',
      failure_url: 'https://shop.example.com/cart',
    },
  });
  const checkout = dataOf(creation, 'create a checkout').data;

  const payment = dataOf(
    await glm.POST('/test_helpers/checkout/{id}/pay', {
      params: { path: { id: checkout.checkout_id } },
      body: {},
    }),
    'pay the checkout',
  );

  if (payment.order === null)
    throw new Error(`The payment did not create an order: ${payment.payment.outcome}`);

  const page = dataOf(
    await glm.GET('/test_helpers/events', { params: { query: { limit: 100 } } }),
    'list the events',
  );

  return {
    productId: product.id,
    productCurrency: product.currency,
    checkoutId: checkout.checkout_id,
    successUrl: checkout.success_url,
    requestId: creation.response.headers.get('x-request-id'),
    orderId: payment.order.id,
    eventTypes: page.data.map((event) => event.type),
    completedOrders: completedOrders(page.data).map((order) => ({
      id: order.id,
      orderNumber: order.order_number,
      total: order.amounts.total_cents,
    })),
  };
}
