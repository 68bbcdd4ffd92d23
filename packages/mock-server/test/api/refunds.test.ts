import { Order, Refund, RefundList } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { eligibleProduct, regularProduct } from '../support/fixtures.ts';
import { errorOf, type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';
import { paidOrder } from '../support/payment-fixtures.ts';

const refund = async (h: Harness, body: Record<string, unknown>, prefix = '/api/v2') => {
  const reply = await h.request('POST', `${prefix}/refunds`, {
    body: { reason: 'customer_request', ...body },
  });
  return { reply, refund: reply.status === 201 ? Refund.parse(reply.body) : undefined };
};

const order = async (h: Harness, id: string) =>
  Order.parse((await h.request('GET', `/v2/orders/${id}`)).body);

describe.each(TRANSPORTS)('refunds over %s', (transport) => {
  const harness = useHarness(transport, { seed: { products: [eligibleProduct(), regularProduct()] } });

  test('a refund without an amount takes what is left, split like the payment, pending, with refund.created', async () => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-ibuprofen', 'sku-tissue'], { shipping: 500 });
    const { reply, refund: created } = await refund(h, { order_id: paid.id, notes: 'Changed mind' });
    expect(reply.status).toBe(201);
    expect(created).toMatchObject({
      order_id: paid.id,
      amount_cents: paid.amounts.total_cents,
      status: 'pending',
      notes: 'Changed mind',
      processed_at: null,
      refund_breakdown: {
        hsa_fsa_amount_cents: paid.amounts.hsa_fsa_amount_cents,
        regular_amount_cents: paid.amounts.regular_amount_cents,
      },
    });
    expect(created?.id).toMatch(/^ref_[0-9A-Za-z]{24}$/);
    expect(h.service.events({ type: 'refund.created' }).map((event) => event.data)).toEqual([reply.body]);
  });

  test('succeeding a full refund emits refund.succeeded with payment_status refunded and refunds the order', async () => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-tissue']);
    const { refund: created } = await refund(h, { order_id: paid.id });
    const reply = await h.request('POST', `/v2/test_helpers/refunds/${created?.id}/succeed`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'succeeded',
      processed_at: h.service.clock.now().toISOString(),
    });
    const [event] = h.service.events({ type: 'refund.succeeded' });
    expect(event?.data).toMatchObject({ id: created?.id, payment_status: 'refunded' });
    expect((await order(h, paid.id)).payment_status).toBe('refunded');
  });

  test('partial refunds split in proportion, report partially_refunded and keep the order captured until the last', async () => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-ibuprofen', 'sku-tissue']);
    const first = (await refund(h, { order_id: paid.id, amount_cents: 501 })).refund;
    expect(first?.refund_breakdown).toEqual({ hsa_fsa_amount_cents: 251, regular_amount_cents: 250 });
    await h.service.succeedRefund(first?.id ?? '');
    expect((await order(h, paid.id)).payment_status).toBe('captured');
    const rest = (await refund(h, { order_id: paid.id, amount: 1499 }, '/v2')).refund;
    expect(rest?.refund_breakdown).toEqual({ hsa_fsa_amount_cents: 749, regular_amount_cents: 750 });
    await h.service.succeedRefund(rest?.id ?? '');
    const statuses = h.service
      .events({ type: 'refund.succeeded' })
      .map((event) => event.data['payment_status']);
    expect(statuses).toEqual(['partially_refunded', 'refunded']);
    expect((await order(h, paid.id)).payment_status).toBe('refunded');
  });

  test('a pending refund counts against what is left; a failed one gives its amount back', async () => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-tissue']);
    const pending = (await refund(h, { order_id: paid.id, amount_cents: 600 })).refund;
    const tooMuch = await refund(h, { order_id: paid.id, amount_cents: 401 });
    expect(tooMuch.reply.status).toBe(400);
    expect(errorOf(tooMuch.reply)).toMatchObject({ code: 'invalid_amount', param: 'amount_cents' });
    const failed = await h.request('POST', `/v2/test_helpers/refunds/${pending?.id}/fail`);
    expect(failed.body).toMatchObject({ status: 'failed' });
    expect(h.service.events({ type: 'refund.failed' })).toHaveLength(1);
    expect((await refund(h, { order_id: paid.id, amount_cents: 1000 })).reply.status).toBe(201);
    const nothingLeft = await refund(h, { order_id: paid.id });
    expect(nothingLeft.reply.status).toBe(409);
    expect(errorOf(nothingLeft.reply)).toMatchObject({ code: 'conflict' });
  });

  test('a refund nobody settles succeeds one virtual minute after creation', async () => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-tissue']);
    const created = (await refund(h, { order_id: paid.id, amount_cents: 100 })).refund;
    h.service.clock.advance('59s');
    expect((await h.request('GET', `/api/v2/refunds/${created?.id}`)).body).toMatchObject({
      status: 'pending',
    });
    h.service.clock.advance('1s');
    expect((await h.request('GET', `/api/v2/refunds/${created?.id}`)).body).toMatchObject({
      status: 'succeeded',
    });
    expect(h.service.events({ type: 'refund.succeeded' })).toHaveLength(1);
  });

  test.each([
    ['no order_id', { order_id: undefined }, 400, 'invalid_request', 'order_id'],
    ['an unknown reason', { reason: 'bored' }, 422, 'validation_error', 'reason'],
    ['a zero amount', { amount_cents: 0 }, 400, 'invalid_amount', 'amount_cents'],
    [
      'amount and amount_cents that disagree',
      { amount_cents: 100, amount: 200 },
      400,
      'invalid_request',
      'amount',
    ],
    ['an amount above the order total', { amount_cents: 1001 }, 400, 'invalid_amount', 'amount_cents'],
    ['an unknown order', { order_id: 'ord_missing' }, 404, 'not_found', 'order_id'],
  ])('a refund with %s is refused and changes nothing', async (_, overrides, status, code, param) => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-tissue']);
    const events = h.service.events().length;
    const { reply } = await refund(h, { order_id: paid.id, ...overrides });
    expect(reply.status).toBe(status);
    expect(errorOf(reply)).toMatchObject({ code, param });
    expect(RefundList.parse((await h.request('GET', '/api/v2/refunds')).body).data).toEqual([]);
    expect(h.service.events()).toHaveLength(events);
  });

  test('an order whose payment is not captured cannot be refunded (409 conflict)', async () => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-tissue']);
    await h.service.openDispute(paid.id);
    const { reply } = await refund(h, { order_id: paid.id });
    expect(reply.status).toBe(409);
    expect(errorOf(reply)).toMatchObject({ code: 'conflict', param: 'order_id' });
    expect(errorOf(reply).message).toContain('disputed');
  });

  test('refunds are found by id, listed newest first and filtered by order_id and status', async () => {
    const h = harness();
    const a = await paidOrder(h, ['sku-tissue']);
    const b = await paidOrder(h, ['sku-tissue']);
    const ids: string[] = [];
    for (const [orderId, amount] of [
      [a.id, 100],
      [b.id, 100],
      [a.id, 200],
    ] as const) {
      ids.push((await refund(h, { order_id: orderId, amount_cents: amount })).refund?.id ?? '');
      h.service.clock.advance('1s');
    }
    await h.service.failRefund(ids[0] ?? '');
    const list = async (query: string) =>
      RefundList.parse((await h.request('GET', `/v2/refunds${query}`)).body);
    expect((await list('')).data.map((item) => item.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list(`?order_id=${a.id}`)).data.map((item) => item.id)).toEqual([ids[2], ids[0]]);
    expect((await list('?status=failed')).data.map((item) => item.id)).toEqual([ids[0]]);
    expect(await list(`?limit=1&starting_after=${ids[2]}`)).toMatchObject({
      has_more: true,
      next_cursor: ids[1],
    });
    expect((await h.request('GET', `/v2/refunds/${ids[1]}`)).body).toMatchObject({
      id: ids[1],
      order_id: b.id,
    });
    const missing = await h.request('GET', '/v2/refunds/ref_missing');
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toMatchObject({ code: 'not_found', param: 'id' });
    for (const query of ['?starting_after=ref_missing', '?status=done', '?order=1']) {
      const reply = await h.request('GET', `/v2/refunds${query}`);
      expect(reply.status).toBe(400);
      expect(errorOf(reply).code).toBe('invalid_request');
    }
  });

  test('settling a refund twice is 409 conflict, an unknown refund 404, and a live key 403', async () => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-tissue']);
    const created = (await refund(h, { order_id: paid.id })).refund;
    await h.service.succeedRefund(created?.id ?? '');
    for (const action of ['succeed', 'fail']) {
      const reply = await h.request('POST', `/v2/test_helpers/refunds/${created?.id}/${action}`);
      expect(reply.status).toBe(409);
      expect(errorOf(reply)).toMatchObject({ code: 'conflict', param: 'status' });
    }
    await expect(h.service.failRefund(created?.id ?? '')).rejects.toMatchObject({ status: 409 });
    expect((await h.request('POST', '/v2/test_helpers/refunds/ref_missing/succeed')).status).toBe(404);
    const live = await h.request('POST', `/v2/test_helpers/refunds/${created?.id}/fail`, { key: 'live' });
    expect(live.status).toBe(403);
  });

  test('a refund with an Idempotency-Key is created once however often it is sent', async () => {
    const h = harness();
    const paid = await paidOrder(h, ['sku-tissue']);
    const send = () =>
      h.request('POST', '/api/v2/refunds', {
        body: { order_id: paid.id, amount_cents: 100, reason: 'duplicate' },
        headers: { 'idempotency-key': 'refund-1' },
      });
    const [first, second] = [await send(), await send()];
    expect(second.body).toEqual(first.body);
    expect(RefundList.parse((await h.request('GET', '/api/v2/refunds')).body).data).toHaveLength(1);
  });
});
