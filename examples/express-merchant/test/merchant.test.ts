import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { coverageTable } from '@glm/mock-server';
import { type RunningServer, startServer } from '@glm/mock-server/node';
import { Glm } from '@glm/sdk';
import { createTestEvent, signTestWebhook } from '@glm/sdk/testing';
import { afterAll, beforeAll, expect, onTestFinished, test, vi } from 'vitest';
import { createMerchantApp } from '../src/app.ts';
import { CATALOG, syncCatalog } from '../src/catalog.ts';
import { createWarehouse } from '../src/fulfilment.ts';

// The mock server runs standalone over HTTP, as `glm-mock serve` would, and the shop runs on a real
// port: every request and every webhook crosses the loopback, exactly as in production. One server for
// the file, reset before each test: its coverage counts the whole suite, and is printed at the end.
let mock: RunningServer;
beforeAll(async () => {
  mock = await startServer({ port: 0, clock: 'system' });
});
afterAll(async () => {
  process.stdout.write(`express-merchant suite: ${coverageTable(mock.service.coverage())}\n`);
  await mock.close();
});

async function startShopAgainstMock(against: RunningServer = mock) {
  const glm = new Glm({ apiKey: against.service.keys.test, baseUrl: against.url, logLevel: 'off' });
  await glm.testHelpers.reset();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Register the shop's endpoint as the dashboard would. Fault injection: every event arrives twice.
  const endpoint = await against.service.registerWebhookEndpoint({
    url: `${shopUrl}/webhooks/glm`,
    events: ['*'],
    duplicate: 2,
  });
  const warehouse = createWarehouse();
  const app = createMerchantApp({
    glm,
    catalog: CATALOG,
    warehouse,
    webhookSecret: endpoint.secret,
    publicUrl: shopUrl,
  });
  server.on('request', app);
  await syncCatalog(glm, CATALOG);
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  const post = (path: string, body: unknown) =>
    fetch(`${shopUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const bothDeliveriesOf = async (type: string) => {
    await glm.testHelpers.webhookDeliveries.flush();
    await vi.waitFor(() => {
      const delivered = against.service.deliveries({ status: 'delivered' });
      expect(delivered.filter((delivery) => delivery.event_type === type)).toHaveLength(2);
    });
  };
  return { mock: against, glm, warehouse, shopUrl, post, bothDeliveriesOf };
}

const cart = {
  cart_id: 'cart-42',
  customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  items: [
    { sku: 'thermo-1', quantity: 2 },
    { sku: 'mug-1', quantity: 1 },
  ],
  shipping_address: {
    address_line_1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
};

type Shop = Awaited<ReturnType<typeof startShopAgainstMock>>;

async function openCheckout(shop: Shop): Promise<string> {
  const created = await shop.post('/checkout', cart);
  expect(created.status).toBe(201);
  return ((await created.json()) as { checkout_id: string }).checkout_id;
}

async function paidCheckout(shop: Shop) {
  const checkout_id = await openCheckout(shop);
  const { order } = await shop.glm.testHelpers.checkout.pay(checkout_id);
  if (order === null) throw new Error('the test card should have paid');
  await shop.bothDeliveriesOf('order.completed');
  return order;
}

test('a paid checkout is shipped exactly once although every webhook arrives twice', async () => {
  const shop = await startShopAgainstMock();

  const order = await paidCheckout(shop);

  expect(order.amounts.total_cents).toBe(2 * 1_299 + 1_500);
  expect(shop.warehouse.shipments()).toEqual([
    {
      orderId: order.id,
      reference: 'cart-42',
      items: [
        { sku: 'thermo-1', quantity: 2 },
        { sku: 'mug-1', quantity: 1 },
      ],
      refundedCents: 0,
    },
  ]);
});

test('a cart mixing eligible and regular products becomes a split checkout priced from the catalog', async () => {
  const shop = await startShopAgainstMock();

  const response = await shop.post('/checkout', cart);

  const body = (await response.json()) as { checkout_id: string; type: string };
  expect(body.type).toBe('split');
  const session = await shop.glm.checkout.get(body.checkout_id);
  expect(session.amounts).toMatchObject({ subtotal: 4_098, hsa_amount: 2_598, regular_amount: 1_500 });
});

test('a refund through the shop is recorded once, when it succeeds', async () => {
  const shop = await startShopAgainstMock();
  const order = await paidCheckout(shop);

  const response = await shop.post(`/orders/${order.id}/refunds`, { amount_cents: 500 });
  const refund = (await response.json()) as { id: string; status: string };
  expect(refund.status).toBe('pending');
  expect(shop.warehouse.shipments()[0]?.refundedCents).toBe(0);
  await shop.glm.testHelpers.refunds.succeed(refund.id);
  await shop.bothDeliveriesOf('refund.succeeded');

  expect(shop.warehouse.shipments()[0]?.refundedCents).toBe(500);
});

test('refunding more than was paid is refused with the service code, and nothing is recorded', async () => {
  const shop = await startShopAgainstMock();
  const order = await paidCheckout(shop);

  const response = await shop.post(`/orders/${order.id}/refunds`, { amount_cents: 1_000_000 });

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ error: 'invalid_amount' });
  expect(shop.warehouse.shipments()[0]?.refundedCents).toBe(0);
});

test('a payment link sold by the shop is shipped once when the shopper pays it', async () => {
  const shop = await startShopAgainstMock();

  const response = await shop.post('/payment-links', {
    sku: 'ibu-200',
    quantity: 3,
    email: 'grace@example.com',
  });
  const link = (await response.json()) as { id: string; url: string };
  expect(link.url).toMatch(/\/pay\/plink_/);
  const { order } = await shop.glm.testHelpers.paymentLinks.pay(link.id);
  await shop.bothDeliveriesOf('order.completed');

  expect(shop.warehouse.shipments()).toEqual([
    expect.objectContaining({ orderId: order?.id, items: [{ sku: 'ibu-200', quantity: 3 }] }),
  ]);
});

test('a webhook signed with another secret is refused and ships nothing', async () => {
  const shop = await startShopAgainstMock();
  const forged = await signTestWebhook(
    createTestEvent('order.completed'),
    'whsec_not_the_endpoint_secret_000000',
  );

  const response = await fetch(`${shop.shopUrl}/webhooks/glm`, {
    method: 'POST',
    headers: forged.headers,
    body: forged.body,
  });

  expect(response.status).toBe(400);
  expect(shop.warehouse.shipments()).toEqual([]);
});

test('an unknown product is refused before the service is called', async () => {
  const shop = await startShopAgainstMock();
  const before = shop.mock.service.requests().length;

  const response = await shop.post('/checkout', { ...cart, items: [{ sku: 'nope', quantity: 1 }] });

  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ issues: ['Unknown product nope.'] });
  expect(shop.mock.service.requests()).toHaveLength(before);
});

test('syncing the catalog again changes nothing, and a new price is one update', async () => {
  const { glm } = await startShopAgainstMock();

  const again = await syncCatalog(glm, CATALOG);
  const repriced = await syncCatalog(
    glm,
    CATALOG.map((product) => (product.sku === 'mug-1' ? { ...product, priceCents: 1_700 } : product)),
  );

  expect(again).toEqual({ created: [], updated: [], unchanged: ['thermo-1', 'ibu-200', 'mug-1'] });
  expect(repriced.updated).toEqual(['mug-1']);
  const [mug] = await glm.products.list({ merchant_product_id: 'mug-1' }).toArray({ limit: 1 });
  expect(mug?.price).toBe(1_700);
});

test('a 503 from the service while opening a checkout is retried: the shopper never sees it', async () => {
  const shop = await startShopAgainstMock();
  await shop.glm.testHelpers.faults.create({
    match: { operation: 'createCheckoutSession' },
    fault: { status: 503 },
  });

  const response = await shop.post('/checkout', cart);

  expect(response.status).toBe(201);
  const sent = await shop.glm.testHelpers.requests.list({ operation: 'createCheckoutSession' });
  expect(sent.data.map((entry) => entry.status)).toEqual([201, 503]);
});

test('a checkout whose answer was lost after it was created is opened once: the retry replays it', async () => {
  const shop = await startShopAgainstMock();
  await shop.glm.testHelpers.faults.create({
    match: { operation: 'createCheckoutSession' },
    fault: { network: 'reset', when: 'after' },
  });

  const response = await shop.post('/checkout', cart);

  expect(response.status).toBe(201);
  const [retry, lost] = (await shop.glm.testHelpers.requests.list({ operation: 'createCheckoutSession' }))
    .data;
  expect(lost).toMatchObject({ status: 0, replayed: false });
  expect(retry).toMatchObject({ status: 201, replayed: true, idempotency_key: lost?.idempotency_key });
  const sessions = (await shop.glm.testHelpers.snapshot.get()).tables['test.checkouts'] ?? [];
  expect(sessions).toHaveLength(1);
});

test('a declined card ships nothing and leaves the checkout open; another card pays it and it ships once', async () => {
  const shop = await startShopAgainstMock();
  const checkoutId = await openCheckout(shop);

  const declined = await shop.glm.testHelpers.checkout.pay(checkoutId, { card_number: '4000000000000002' });
  expect(declined.payment.outcome).toBe('declined');
  await shop.bothDeliveriesOf('payment.failed');
  expect(shop.warehouse.shipments()).toEqual([]);
  expect((await shop.glm.checkout.get(checkoutId)).status).toBe('open');

  const { order } = await shop.glm.testHelpers.checkout.pay(checkoutId, { card_number: '4111111111111111' });
  await shop.bothDeliveriesOf('order.completed');
  expect(shop.warehouse.shipments().map((shipment) => shipment.orderId)).toEqual([order?.id]);
});

test('an authorize-only card ships on capture; refunding it before is answered 409 with the service code', async () => {
  const shop = await startShopAgainstMock();
  const checkoutId = await openCheckout(shop);
  const { order } = await shop.glm.testHelpers.checkout.pay(checkoutId, { card_number: '4000000000000200' });
  if (order === null) throw new Error('the authorize-only card makes an order');
  expect(order.payment_status).toBe('authorized');

  const refused = await shop.post(`/orders/${order.id}/refunds`, { amount_cents: 500 });
  expect(refused.status).toBe(409);
  expect(await refused.json()).toMatchObject({ error: 'conflict' });
  expect(shop.warehouse.shipments()).toEqual([]);

  await shop.glm.testHelpers.orders.capture(order.id);
  await shop.bothDeliveriesOf('order.completed');
  expect(shop.warehouse.shipments().map((shipment) => shipment.orderId)).toEqual([order.id]);
});

test('a 429 while refunding is waited out and retried: one refund, recorded once it succeeds', async () => {
  const shop = await startShopAgainstMock();
  const order = await paidCheckout(shop);
  await shop.glm.testHelpers.faults.create({ match: { operation: 'createRefund' }, fault: { status: 429 } });

  const response = await shop.post(`/orders/${order.id}/refunds`, { amount_cents: 700 });

  expect(response.status).toBe(201);
  const refund = (await response.json()) as { id: string };
  const sent = await shop.glm.testHelpers.requests.list({ operation: 'createRefund' });
  expect(sent.data.map((entry) => entry.status)).toEqual([201, 429]);
  await shop.glm.testHelpers.refunds.succeed(refund.id);
  await shop.bothDeliveriesOf('refund.succeeded');
  expect(shop.warehouse.shipments()[0]?.refundedCents).toBe(700);
});

// Tomorrow's API: a server answering as a later version would. The shop's catalog sync, checkout and
// webhook route keep working; event types it has no handler for are acknowledged, never refused.
test.each(['fields', 'enums', 'events'] as const)(
  'under future mode %s, a paid checkout is shipped exactly once',
  async (mode) => {
    const future = await startServer({ port: 0, clock: 'system', future: { [mode]: true } });
    onTestFinished(() => future.close());
    const shop = await startShopAgainstMock(future);

    const order = await paidCheckout(shop);

    expect(shop.warehouse.shipments().map((shipment) => shipment.orderId)).toEqual([order.id]);
    const refused = future.service.deliveries().filter((delivery) => delivery.status !== 'delivered');
    expect(refused).toEqual([]);
    if (mode === 'events') {
      const types = new Set(future.service.deliveries().map((delivery) => delivery.event_type));
      expect([...types].some((type) => type.startsWith('future.'))).toBe(true);
    }
  },
);
