import { expect, test } from 'vitest';
import { AuthenticationError } from '../src/errors/authentication-error.ts';
import { ConflictError } from '../src/errors/conflict-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { checkoutRequest, productRequest, rejectionOf, useMockGlm } from './support/use-mock-glm.ts';

const { glm, mock } = useMockGlm();

test('the clock reads and advances', async () => {
  const before = await glm.testHelpers.clock.get();
  const after = await glm.testHelpers.clock.advance({ seconds: 3_600 });
  expect(Date.parse(after.now) - Date.parse(before.now)).toBe(3_600_000);
});

test('the event log lists what happened, newest first, filtered by type', async () => {
  const product = await glm.products.create(productRequest());
  const events = await glm.testHelpers.events.list({ type: 'product.created' }).toArray({ limit: 10 });
  expect(events).toHaveLength(1);
  expect(events[0]?.type).toBe('product.created');
  expect(events[0]?.data).toMatchObject({ id: product.id });
});

test('a created API key works at once, and a revoked one is refused on the next call', async () => {
  const created = await glm.testHelpers.apiKeys.create({ mode: 'test', name: 'ci' });
  const other = glm.withOptions({ apiKey: created.key });
  expect((await other.orders.list()).data).toEqual([]);
  await glm.testHelpers.apiKeys.revoke(created.id);
  expect(await rejectionOf(other.orders.list())).toBeInstanceOf(AuthenticationError);
});

test('an eligibility refresh reports the products whose result changed', async () => {
  const result = await glm.testHelpers.eligibility.refresh({});
  expect(result.changed_product_ids).toEqual([]);
  expect(result.version).toEqual(expect.any(String));
});

test('a webhook endpoint is registered with its secret shown once, then read, listed and deleted', async () => {
  const created = await glm.testHelpers.webhookEndpoints.create({
    url: 'https://shop.example/webhooks',
    events: ['order.completed'],
  });
  expect(created.secret).toMatch(/^whsec_/);
  const read = await glm.testHelpers.webhookEndpoints.get(created.id);
  expect(read.url).toBe('https://shop.example/webhooks');
  expect(read).not.toHaveProperty('secret');
  const deleted = await glm.testHelpers.webhookEndpoints.delete(created.id);
  expect(deleted).toMatchObject({ id: created.id, deleted: true });
  expect(await rejectionOf(glm.testHelpers.webhookEndpoints.get(created.id))).toBeInstanceOf(NotFoundError);
});

test('the endpoint list walks every page, newest first, and leaves deleted endpoints out', async () => {
  const ids: string[] = [];
  for (const index of [1, 2, 3]) {
    const endpoint = await glm.testHelpers.webhookEndpoints.create({
      url: `https://shop.example/webhooks/${index}`,
      events: ['*'],
    });
    ids.push(endpoint.id);
  }
  await glm.testHelpers.webhookEndpoints.delete(ids[1] ?? '');
  const first = await glm.testHelpers.webhookEndpoints.list({ limit: 1 });
  expect(first.data).toHaveLength(1);
  expect(first.hasNextPage()).toBe(true);
  const listed = await glm.testHelpers.webhookEndpoints.list({ limit: 1 }).toArray({ limit: 10 });
  expect(listed.map((endpoint) => endpoint.id)).toEqual([ids[2], ids[0]]);
});

test('the default webhook secret is readable, and a flush with nothing due attempts nothing', async () => {
  const { secret } = await glm.testHelpers.webhookEndpoints.defaultSecret();
  expect(secret).toMatch(/^whsec_/);
  const deliveries = await glm.testHelpers.webhookDeliveries.list();
  expect(deliveries.data).toEqual([]);
  const flushed = await glm.testHelpers.webhookDeliveries.flush();
  expect(flushed).toEqual({ attempted: 0, pending: 0, delivered: 0, failed: 0 });
});

test('a delivered delivery is resent on purpose with the same x-webhook-id; a pending one is a ConflictError', async () => {
  const ids: string[] = [];
  let up = true;
  await mock.registerWebhookEndpoint({
    events: ['product.created'],
    handler: (request) => {
      ids.push(request.headers.get('x-webhook-id') ?? '');
      return new Response('ok', { status: up ? 200 : 503 });
    },
  });
  const product = await glm.products.create(productRequest());
  await glm.testHelpers.webhookDeliveries.flush();
  const [delivered] = (await glm.testHelpers.webhookDeliveries.list({ status: 'delivered' })).data;
  if (delivered === undefined) throw new Error('nothing was delivered');

  const resent = await glm.testHelpers.webhookDeliveries.resend(delivered.id);
  expect(resent).toMatchObject({ id: delivered.id, status: 'delivered' });
  expect(resent.attempts).toHaveLength(2);
  expect(ids).toHaveLength(2);
  expect(new Set(ids)).toEqual(new Set([delivered.event_id]));

  up = false;
  await glm.products.create(productRequest({ name: `${product.name} 2` }));
  await glm.testHelpers.webhookDeliveries.flush();
  const [pending] = (await glm.testHelpers.webhookDeliveries.list({ status: 'pending' })).data;
  if (pending === undefined) throw new Error('the failed first attempt left no pending delivery');
  expect(await rejectionOf(glm.testHelpers.webhookDeliveries.resend(pending.id))).toBeInstanceOf(
    ConflictError,
  );
  expect(await rejectionOf(glm.testHelpers.webhookDeliveries.resend('whdel_nope'))).toBeInstanceOf(
    NotFoundError,
  );
});

test('an order paid with the authorizing card waits until the helpers capture it or fail it', async () => {
  await glm.products.create(productRequest({ merchant_product_id: 'sku-wait' }));
  const waiting: string[] = [];
  for (const reference of ['cart-capture', 'cart-fail']) {
    const session = await glm.checkout.create(checkoutRequest(['sku-wait'], { reference_id: reference }));
    const paid = await glm.testHelpers.checkout.pay(session.checkout_id, {
      card_number: '4000000000000200',
      hsa_card_number: '4000000000000200',
    });
    expect(paid.payment.outcome).toBe('authorized');
    expect(paid.order).toMatchObject({ status: 'processing', payment_status: 'authorized' });
    waiting.push(paid.order?.id ?? '');
  }
  const [toCapture = '', toFail = ''] = waiting;
  expect(await glm.testHelpers.orders.capture(toCapture)).toMatchObject({
    status: 'completed',
    payment_status: 'captured',
  });
  const failed = await glm.testHelpers.orders.fail(toFail, { reason: 'Capture refused' });
  expect(failed).toMatchObject({ status: 'failed', payment_status: 'failed' });
  expect(failed.status_history.at(-1)?.reason).toBe('Capture refused');
  expect(await rejectionOf(glm.testHelpers.orders.capture(toCapture))).toBeInstanceOf(ConflictError);
  const types = mock.events().map((event) => event.type);
  expect(types.filter((type) => type.startsWith('order.'))).toEqual([
    'order.created',
    'order.created',
    'order.completed',
    'order.failed',
  ]);
});

test('a trigger produces the event with the overrides, using the order named', async () => {
  const first = await glm.testHelpers.triggers.create({ type: 'order.completed' });
  const orderId = String((first.event.data as { id: string }).id);
  const refund = await glm.testHelpers.triggers.create({
    type: 'refund.created',
    overrides: { amount_cents: 300 },
    objects: { order: orderId },
  });
  expect(refund.event.type).toBe('refund.created');
  expect(refund.event.data).toMatchObject({ order_id: orderId, amount_cents: 300 });
  const refused = await rejectionOf(
    glm.testHelpers.triggers.create({ type: 'refund.created', overrides: { amount_cents: 99_999_999 } }),
  );
  expect(refused).toMatchObject({ status: 400, code: 'invalid_amount', param: 'refund.amount_cents' });
  expect(mock.events({ type: 'refund.created' })).toHaveLength(1);
});
