import { CheckoutSessionEnvelope, Dispute, Order } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { checkoutRequest, regularProduct } from '../support/fixtures.ts';
import { errorOf, type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';
import { paidOrder } from '../support/payment-fixtures.ts';

const DAY = 24 * 3600 * 1000;

const open = async (h: Harness, orderId: string, body: Record<string, unknown> = {}) => {
  const reply = await h.request('POST', `/v2/test_helpers/orders/${orderId}/dispute`, { body });
  return { reply, dispute: reply.status === 201 ? Dispute.parse(reply.body) : undefined };
};

const paymentStatus = async (h: Harness, id: string) =>
  Order.parse((await h.request('GET', `/v2/orders/${id}`)).body).payment_status;

describe.each(TRANSPORTS)('disputes over %s', (transport) => {
  const harness = useHarness(transport, { seed: { products: [regularProduct()] } });

  test('opening a dispute answers a needs_response dispute due in 7 days and marks the order disputed', async () => {
    const h = harness();
    const order = await paidOrder(h, ['sku-tissue']);
    const { reply, dispute } = await open(h, order.id, { reason: 'product_not_received' });
    expect(reply.status).toBe(201);
    expect(dispute).toMatchObject({
      order_id: order.id,
      amount_cents: order.amounts.total_cents,
      reason: 'product_not_received',
      status: 'needs_response',
      closed_at: null,
    });
    expect(dispute?.id).toMatch(/^dp_[0-9A-Za-z]{24}$/);
    expect(Date.parse(dispute?.evidence_due_by ?? '') - Date.parse(dispute?.created_at ?? '')).toBe(7 * DAY);
    expect(await paymentStatus(h, order.id)).toBe('disputed');
    const [event] = h.service.events({ type: 'dispute.created' });
    expect(event?.data).toMatchObject({ id: dispute?.id, evidence_due_by: dispute?.evidence_due_by });
  });

  test.each([
    ['won', 'captured'],
    ['warning_closed', 'captured'],
    ['lost', 'refunded'],
  ] as const)(
    'closing a dispute as %s emits dispute.closed and leaves the order %s',
    async (outcome, after) => {
      const h = harness();
      const order = await paidOrder(h, ['sku-tissue']);
      const { dispute } = await open(h, order.id);
      h.service.clock.advance('2d');
      const reply = await h.request('POST', `/api/v2/test_helpers/disputes/${dispute?.id}/close`, {
        body: { outcome },
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ status: outcome, closed_at: h.service.clock.now().toISOString() });
      const [event] = h.service.events({ type: 'dispute.closed' });
      expect(event?.data).toMatchObject({ id: dispute?.id, outcome });
      expect(await paymentStatus(h, order.id)).toBe(after);
    },
  );

  test('a dispute won after refunds gave everything back leaves the order refunded', async () => {
    const h = harness();
    const order = await paidOrder(h, ['sku-tissue']);
    const refund = await h.request('POST', '/v2/refunds', { body: { order_id: order.id, reason: 'other' } });
    const { dispute } = await open(h, order.id);
    await h.service.succeedRefund((refund.body as { id: string }).id);
    expect(await paymentStatus(h, order.id)).toBe('disputed');
    await h.service.closeDispute(dispute?.id ?? '', 'won');
    expect(await paymentStatus(h, order.id)).toBe('refunded');
  });

  test('the dispute amount is what succeeded refunds have not given back', async () => {
    const h = harness();
    const order = await paidOrder(h, ['sku-tissue']);
    const refund = await h.request('POST', '/v2/refunds', {
      body: { order_id: order.id, amount_cents: 300, reason: 'other' },
    });
    await h.service.succeedRefund((refund.body as { id: string }).id);
    expect((await h.service.openDispute(order.id)).amount_cents).toBe(700);
  });

  test('disputing an order that is not captured, or an unknown order, is refused', async () => {
    const h = harness();
    const order = await paidOrder(h, ['sku-tissue']);
    await open(h, order.id);
    const twice = await open(h, order.id);
    expect(twice.reply.status).toBe(409);
    expect(errorOf(twice.reply)).toMatchObject({ code: 'conflict', param: 'payment_status' });
    const missing = await open(h, 'ord_missing');
    expect(missing.reply.status).toBe(404);
    expect(errorOf(missing.reply)).toMatchObject({ code: 'not_found', param: 'id' });
    const long = await open(h, order.id, { reason: 'x'.repeat(501) });
    expect(long.reply.status).toBe(422);
    expect(h.service.events({ type: 'dispute.created' })).toHaveLength(1);
  });

  test('closing a closed or unknown dispute, or with an unknown outcome, is refused; a live key is 403', async () => {
    const h = harness();
    const order = await paidOrder(h, ['sku-tissue']);
    const dispute = await h.service.openDispute(order.id);
    const path = `/v2/test_helpers/disputes/${dispute.id}/close`;
    const bad = await h.request('POST', path, { body: { outcome: 'draw' } });
    expect(bad.status).toBe(422);
    expect(errorOf(bad)).toMatchObject({ code: 'validation_error', param: 'outcome' });
    expect((await h.request('POST', path, { body: { outcome: 'won' }, key: 'live' })).status).toBe(403);
    await h.service.closeDispute(dispute.id, 'won');
    const again = await h.request('POST', path, { body: { outcome: 'lost' } });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'conflict', param: 'status' });
    expect(
      (await h.request('POST', '/v2/test_helpers/disputes/dp_missing/close', { body: { outcome: 'won' } }))
        .status,
    ).toBe(404);
    expect(await paymentStatus(h, order.id)).toBe('captured');
  });

  test('the D27 dispute card pays, then opens a dispute on the new order', async () => {
    const h = harness();
    const created = await h.request('POST', '/api/v2/checkout', { body: checkoutRequest(['sku-tissue']) });
    const session = CheckoutSessionEnvelope.parse(created.body).data;
    const reply = await h.request('POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {
      body: { card_number: '4000000000000259' },
    });
    expect(reply.body).toMatchObject({
      payment: { outcome: 'succeeded' },
      order: { payment_status: 'disputed' },
    });
    const types = h.service.events().map((event) => event.type);
    expect(types.slice(-3)).toEqual(['order.created', 'order.completed', 'dispute.created']);
  });
});
