import { CheckoutSessionEnvelope, Order, Refund } from '@glm/domain';
import { expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct, regularProduct } from '../support/fixtures.ts';

const api = async (
  mock: ReturnType<typeof createMockService>,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> => {
  const answer = await mock.handle(
    new Request(`http://127.0.0.1${path}`, {
      method,
      headers: { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return answer.json();
};

test('the events of payment attempts keep the session and order as they were then, whatever changes later', async () => {
  const mock = createMockService({ seed: { products: [eligibleProduct(), regularProduct()] } });
  const created = await api(mock, 'POST', '/api/v2/checkout', checkoutRequest(['sku-tissue']));
  const session = CheckoutSessionEnvelope.parse(created).data;
  const declined = await mock.payCheckout(session.checkout_id, { card_number: '4000000000000069' });
  const failed = mock.events({ type: 'checkout.failed' });
  expect(failed.map((event) => event.data)).toEqual([
    { ...declined.checkout, checkout_id: session.checkout_id },
  ]);
  expect(failed[0]?.data['status']).toBe('open');

  const { order } = await mock.payCheckout(session.checkout_id);
  const paid = Order.parse(order);
  const completed = mock.events({ type: 'order.completed' });
  expect(completed.map((event) => event.data)).toEqual([order]);
  const asThen = JSON.stringify([...failed, ...completed]);

  const refund = Refund.parse(
    await api(mock, 'POST', '/api/v2/refunds', { order_id: paid.id, reason: 'customer_request' }),
  );
  await mock.succeedRefund(refund.id);
  const later = Order.parse(await api(mock, 'GET', `/v2/orders/${paid.id}`));
  const reread = CheckoutSessionEnvelope.parse(
    await api(mock, 'GET', `/api/v2/checkout/${session.checkout_id}`),
  );
  expect(later.payment_status).toBe('refunded');
  expect(reread.data.status).toBe('paid');

  expect(JSON.stringify([...failed, ...completed])).toBe(asThen);
  expect(failed[0]?.data['status']).toBe('open');
  expect(completed[0]?.data['payment_status']).toBe('captured');
});
