import { expect, test } from 'vitest';
import { BadRequestError } from '../src/errors/bad-request-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { UnprocessableEntityError } from '../src/errors/unprocessable-entity-error.ts';
import type { PaymentLinkCreateParams } from '../src/resources/payment-links.ts';
import { paymentLinkRequest, rejectionOf, useMockGlm } from './support/use-mock-glm.ts';

const { glm } = useMockGlm();

test('create answers an active link; get and list read it back', async () => {
  const link = await glm.paymentLinks.create(paymentLinkRequest({ customer: { email: 'ada@example.com' } }));
  expect(link.id).toMatch(/^plink_/);
  expect(link).toMatchObject({ status: 'active', amount_cents: 5_000, payment_type: 'one_time' });
  expect((await glm.paymentLinks.get(link.id)).id).toBe(link.id);
  const active = await glm.paymentLinks.list({ status: 'active' }).toArray({ limit: 10 });
  expect(active.map((item) => item.id)).toEqual([link.id]);
});

test('cancel moves an active link to cancelled with the reason', async () => {
  const link = await glm.paymentLinks.create(paymentLinkRequest());
  const cancelled = await glm.paymentLinks.cancel(link.id, { reason: 'customer changed their mind' });
  expect(cancelled).toMatchObject({
    status: 'cancelled',
    cancellation_reason: 'customer changed their mind',
  });
  expect(cancelled.cancelled_at).toEqual(expect.any(String));
});

test('cancelling a link that is not active is a BadRequestError invalid_state on status', async () => {
  const link = await glm.paymentLinks.create(paymentLinkRequest());
  await glm.paymentLinks.cancel(link.id);
  const error = await rejectionOf(glm.paymentLinks.cancel(link.id));
  expect(error).toBeInstanceOf(BadRequestError);
  expect(error).toMatchObject({ status: 400, code: 'invalid_state', param: 'status' });
});

test('paying a link through the test helper creates its order', async () => {
  const link = await glm.paymentLinks.create(paymentLinkRequest());
  const paid = await glm.testHelpers.paymentLinks.pay(link.id);
  expect(paid.payment_link.status).toBe('paid');
  expect(paid.order?.status).toBe('completed');
});

test.each([
  ['a zero amount', { amount_cents: 0 }, BadRequestError, 'invalid_amount'],
  ['an unsupported currency', { currency: 'EUR' }, BadRequestError, 'invalid_currency'],
  [
    'a subscription without its interval',
    { payment_type: 'subscription' },
    UnprocessableEntityError,
    'validation_error',
  ],
])('creating with %s is refused with its class and code', async (_, overrides, ErrorClass, code) => {
  const error = await rejectionOf(
    glm.paymentLinks.create(paymentLinkRequest(overrides) as PaymentLinkCreateParams),
  );
  expect(error).toBeInstanceOf(ErrorClass);
  expect(error).toMatchObject({ code });
});

test('an unknown link is a NotFoundError, for get and for cancel', async () => {
  expect(await rejectionOf(glm.paymentLinks.get('plink_unknown'))).toBeInstanceOf(NotFoundError);
  const error = await rejectionOf(glm.paymentLinks.cancel('plink_unknown'));
  expect(error).toBeInstanceOf(NotFoundError);
  expect(error).toMatchObject({ code: 'not_found' });
});
