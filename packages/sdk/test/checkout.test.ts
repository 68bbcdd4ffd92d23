import { expect, test } from 'vitest';
import { BadRequestError } from '../src/errors/bad-request-error.ts';
import { ConflictError } from '../src/errors/conflict-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { UnprocessableEntityError } from '../src/errors/unprocessable-entity-error.ts';
import type { CheckoutCreateParams } from '../src/resources/checkout.ts';
import {
  checkoutRequest,
  productRequest,
  rejectionOf,
  thermometerLine,
  useMockGlm,
} from './support/use-mock-glm.ts';

const { glm } = useMockGlm();

test('create answers the session itself, with the envelope message and request id on its meta', async () => {
  await glm.products.create(productRequest({ merchant_product_id: 'thermo-1' }));
  const { data: session, meta } = await glm.checkout
    .create(checkoutRequest([thermometerLine()]))
    .withResponse();
  expect(session.checkout_id).toMatch(/^cs_/);
  expect(session).toMatchObject({ status: 'open', type: 'eligible', reference_id: 'cart-1' });
  expect(session.amounts.total).toBe(2_598);
  expect(meta.message).toEqual(expect.any(String));
  expect(meta.requestId).toEqual(expect.any(String));
});

test('get answers the same session', async () => {
  const session = await glm.checkout.create(checkoutRequest([thermometerLine()]));
  const fetched = await glm.checkout.get(session.checkout_id);
  expect(fetched.checkout_id).toBe(session.checkout_id);
  expect(fetched.type).toBe('regular');
});

test('an unknown session is a NotFoundError', async () => {
  const error = await rejectionOf(glm.checkout.get('cs_unknown'));
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).toMatchObject({ code: 'not_found' });
});

test('a body missing required fields is a BadRequestError with details', async () => {
  const { customer: _dropped, ...withoutCustomer } = checkoutRequest([thermometerLine()]);
  const error = await rejectionOf(glm.checkout.create(withoutCustomer as CheckoutCreateParams));
  expect(error).toBeInstanceOf(BadRequestError);
  expect(error).toMatchObject({ code: 'bad_request' });
  expect((error as BadRequestError).requestId).toEqual(expect.any(String));
});

test('a non-USD line item is an UnprocessableEntityError on that item', async () => {
  const body = checkoutRequest([thermometerLine()]);
  const error = await rejectionOf(
    glm.checkout.create({
      ...body,
      line_items: [{ ...body.line_items[0], currency: 'EUR' }],
    } as CheckoutCreateParams),
  );
  expect(error).toBeInstanceOf(UnprocessableEntityError);
  expect(error).toMatchObject({ code: 'validation_error', param: 'line_items[0].currency' });
});

test('paying a session creates an order the orders resource can read and list', async () => {
  await glm.products.create(productRequest({ merchant_product_id: 'thermo-1' }));
  const session = await glm.checkout.create(
    checkoutRequest([thermometerLine()], { reference_id: 'cart_paid' }),
  );
  const paid = await glm.testHelpers.checkout.pay(session.checkout_id);
  expect(paid.payment.outcome).toBe('succeeded');
  const orderId = paid.order?.id ?? '';
  const order = await glm.orders.get(orderId);
  expect(order).toMatchObject({ status: 'completed', payment_status: 'captured' });
  const listed = await glm.orders.list({ reference_id: 'cart_paid' }).toArray({ limit: 10 });
  expect(listed.map((item) => item.id)).toEqual([orderId]);
  expect((await glm.checkout.get(session.checkout_id)).status).toBe('paid');
});

test("the shopper's cancel leaves the session open; on a paid session it is a ConflictError", async () => {
  const session = await glm.checkout.create(checkoutRequest([thermometerLine()]));
  const cancelled = await glm.testHelpers.checkout.cancel(session.checkout_id);
  expect(cancelled.checkout.status).toBe('open');
  await glm.testHelpers.checkout.pay(session.checkout_id);
  const error = await rejectionOf(glm.testHelpers.checkout.cancel(session.checkout_id));
  expect(error).toBeInstanceOf(ConflictError);
  expect(error).toMatchObject({ code: 'conflict' });
});
