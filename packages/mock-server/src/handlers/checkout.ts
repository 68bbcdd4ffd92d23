import { CheckoutCreate, normalizeCheckoutRequest } from '@glm/domain';
import { TestPaymentRequest } from '@glm/domain/test-helpers';
import type { Answer } from '../http/answer.ts';
import { failure, notFound, success } from '../http/answer.ts';
import { parseBody } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { createCheckout } from '../payments/create-checkout.ts';
import { payAnswer } from '../payments/pay-checkout.ts';
import { paySession } from '../payments/pay-session.ts';

/** `POST /api/v2/checkout`: either request shape, normalized by the domain, then created. */
function postCheckout({ engine, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(CheckoutCreate, body, 'checkout.create');
  if (!parsed.ok) return parsed.answer;
  const request = normalizeCheckoutRequest(parsed.value);
  if (!request.ok) return failure(400, request.code, request.message, { param: request.param });
  return createCheckout(engine, mode, request.value, null);
}

function getCheckout({ engine, params, mode }: HandlerContext): Answer {
  const record = engine.store.modes[mode].checkouts.get(params['id'] ?? '');
  return record === undefined ? notFound('checkout session') : success(200, record.session);
}

function pay({ engine, params, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(TestPaymentRequest, body, 'test_helpers.pay');
  if (!parsed.ok) return parsed.answer;
  const { customer, ...cards } = parsed.value;
  return payAnswer(paySession(engine, mode, params['id'] ?? '', cards, customer));
}

function cancel({ engine, params, mode }: HandlerContext): Answer {
  const record = engine.store.modes[mode].checkouts.get(params['id'] ?? '');
  if (record === undefined) return notFound('checkout session');
  if (record.session.status !== 'open') {
    return failure(
      409,
      'conflict',
      `A checkout session that is ${record.session.status} cannot be cancelled.`,
      { param: 'status' },
    );
  }
  // The shopper left the hosted page: the session stays open and nothing is emitted.
  return success(200, { checkout: record.session });
}

/** Checkout routes: create (4.4), status, and the pay/cancel test helpers. */
export const checkoutRoutes: readonly RouteDefinition[] = [
  {
    method: 'POST',
    path: '/checkout',
    envelope: 'Checkout session created',
    malformedCode: 'bad_request',
    creates: true,
    handle: postCheckout,
  },
  { method: 'GET', path: '/checkout/:id', envelope: 'Checkout session retrieved', handle: getCheckout },
  { method: 'POST', path: '/test_helpers/checkout/:id/pay', testOnly: true, creates: true, handle: pay },
  { method: 'POST', path: '/test_helpers/checkout/:id/cancel', testOnly: true, handle: cancel },
];
