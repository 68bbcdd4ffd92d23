import { OrderList } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { checkoutRequest, regularProduct } from '../support/fixtures.ts';
import { errorOf, type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';

const paidOrder = async (h: Harness, reference: string, email = 'ada@example.com') => {
  const reply = await h.request('POST', '/api/v2/checkout', {
    body: checkoutRequest(['sku-tissue'], {
      reference_id: reference,
      customer: { email, first_name: 'A', last_name: 'B' },
    }),
  });
  const id = (reply.body as { data: { checkout_id: string } }).data.checkout_id;
  const paid = await h.service.payCheckout(id);
  h.service.clock.advance('1s');
  if (paid.order === null) throw new Error('payment failed');
  return paid.order;
};

describe.each(TRANSPORTS)('orders over %s', (transport) => {
  const harness = useHarness(transport, { seed: { products: [regularProduct()] } });

  test('an order is found by id under both prefixes; an unknown id is 404 with param id', async () => {
    const h = harness();
    const order = await paidOrder(h, 'r1');
    expect((await h.request('GET', `/v2/orders/${order.id}`)).body).toEqual(order);
    expect((await h.request('GET', `/api/v2/orders/${order.id}`)).body).toEqual(order);
    const missing = await h.request('GET', '/v2/orders/ord_missing');
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'not_found', param: 'id' });
  });

  test('a live key does not see a test order (D6)', async () => {
    const h = harness();
    const order = await paidOrder(h, 'r1');
    expect((await h.request('GET', `/v2/orders/${order.id}`, { key: 'live' })).status).toBe(404);
    const live = OrderList.parse((await h.request('GET', '/v2/orders', { key: 'live' })).body);
    expect(live.data).toEqual([]);
  });

  test('the order list is newest first, pages, and filters by reference_id and customer_email', async () => {
    const h = harness();
    const a = await paidOrder(h, 'r1', 'one@example.com');
    const b = await paidOrder(h, 'r2', 'two@example.com');
    const c = await paidOrder(h, 'r3', 'one@example.com');
    const page = OrderList.parse((await h.request('GET', '/v2/orders?limit=2')).body);
    expect(page.data.map((o) => o.id)).toEqual([c.id, b.id]);
    expect(page.next_cursor).toBe(b.id);
    const rest = OrderList.parse((await h.request('GET', `/v2/orders?starting_after=${b.id}`)).body);
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    expect(rest.data.map((o) => o.id)).toEqual([a.id]);
    const byRef = OrderList.parse((await h.request('GET', '/v2/orders?reference_id=r2')).body);
    expect(byRef.data.map((o) => o.id)).toEqual([b.id]);
    const byEmail = OrderList.parse(
      (await h.request('GET', '/v2/orders?customer_email=ONE@example.com')).body,
    );
    expect(byEmail.data.map((o) => o.id)).toEqual([c.id, a.id]);
  });

  test.each(['status=shipped', 'limit=0', 'foo=bar', 'starting_after=ord_unknown'])(
    'the query %s is 400 invalid_request',
    async (query) => {
      const reply = await harness().request('GET', `/v2/orders?${query}`);
      expect(reply.status).toBe(400);
      expect(errorOf(reply).code).toBe('invalid_request');
    },
  );
});
