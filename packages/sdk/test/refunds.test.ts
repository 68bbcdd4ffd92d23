import { expect, test } from 'vitest';
import type { Glm } from '../src/client.ts';
import { BadRequestError } from '../src/errors/bad-request-error.ts';
import { ConflictError } from '../src/errors/conflict-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { paymentLinkRequest, rejectionOf, useMockGlm } from './support/use-mock-glm.ts';

const { glm } = useMockGlm();

async function paidOrderId(client: Glm, amount = 5_000): Promise<string> {
  const link = await client.paymentLinks.create(
    paymentLinkRequest({ amount_cents: amount, description: 'Order to refund' }),
  );
  const paid = await client.testHelpers.paymentLinks.pay(link.id);
  return paid.order?.id ?? '';
}

test('a partial refund starts pending, succeeds through the test helper, and is listed by order', async () => {
  const orderId = await paidOrderId(glm);
  const refund = await glm.refunds.create({
    order_id: orderId,
    amount_cents: 1_000,
    reason: 'damaged_product',
  });
  expect(refund.id).toMatch(/^ref_/);
  expect(refund).toMatchObject({ status: 'pending', amount_cents: 1_000 });
  expect((await glm.testHelpers.refunds.succeed(refund.id)).status).toBe('succeeded');
  expect((await glm.refunds.get(refund.id)).status).toBe('succeeded');
  const listed = await glm.refunds.list({ order_id: orderId }).toArray({ limit: 10 });
  expect(listed.map((item) => item.id)).toEqual([refund.id]);
});

test('refunding more than is left is a BadRequestError invalid_amount', async () => {
  const orderId = await paidOrderId(glm, 2_000);
  const error = await rejectionOf(
    glm.refunds.create({ order_id: orderId, amount_cents: 2_001, reason: 'other' }),
  );
  expect(error).toBeInstanceOf(BadRequestError);
  expect(error).toMatchObject({ code: 'invalid_amount' });
});

test('refunding a fully refunded order is a ConflictError', async () => {
  const orderId = await paidOrderId(glm);
  await glm.refunds.create({ order_id: orderId, reason: 'duplicate' });
  const error = await rejectionOf(glm.refunds.create({ order_id: orderId, reason: 'duplicate' }));
  expect(error).toBeInstanceOf(ConflictError);
  expect(error).toMatchObject({ code: 'conflict' });
});

test('an unknown refund is a NotFoundError', async () => {
  expect(await rejectionOf(glm.refunds.get('ref_unknown'))).toBeInstanceOf(NotFoundError);
});

test('a dispute opens on a paid order and closes with an outcome', async () => {
  const orderId = await paidOrderId(glm);
  const dispute = await glm.testHelpers.orders.dispute(orderId, { reason: 'fraudulent' });
  expect(dispute).toMatchObject({ order_id: orderId, status: 'needs_response' });
  const closed = await glm.testHelpers.disputes.close(dispute.id, { outcome: 'won' });
  expect(closed.status).toBe('won');
  expect((await glm.orders.get(orderId)).payment_status).toBe('captured');
});
