import { PaymentLinkCancel, PaymentLinkCreate, PaymentLinkListQuery } from '@glm/domain';
import { TestPaymentRequest } from '@glm/domain/test-helpers';
import type { Answer } from '../http/answer.ts';
import { notFound, success } from '../http/answer.ts';
import { parseBody, parseQuery } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { cancelPaymentLink, createPaymentLink, payPaymentLink } from '../payments/payment-links.ts';
import { listAnswer } from './list-answer.ts';

function postPaymentLink({ engine, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(PaymentLinkCreate, body, 'payment_link.create');
  return parsed.ok ? createPaymentLink(engine, mode, parsed.value) : parsed.answer;
}

function getPaymentLink({ engine, params, mode }: HandlerContext): Answer {
  const record = engine.store.modes[mode].paymentLinks.get(params['id'] ?? '');
  return record === undefined ? notFound('payment link') : success(200, record.link);
}

function listPaymentLinks({ engine, query, mode }: HandlerContext): Answer {
  const parsed = parseQuery(PaymentLinkListQuery, query, 'payment_link.list');
  if (!parsed.ok) return parsed.answer;
  const { status, payment_type, customer_email } = parsed.value;
  const email = customer_email?.toLowerCase();
  return listAnswer(engine.store.modes[mode].paymentLinks, parsed.value, {
    noun: 'payment link',
    where: ({ link }) =>
      (status === undefined || link.status === status) &&
      (payment_type === undefined || link.payment_type === payment_type) &&
      (email === undefined || link.customer?.email?.toLowerCase() === email),
    present: (record) => record.link,
  });
}

function cancel({ engine, params, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(PaymentLinkCancel, body, 'payment_link.cancel');
  if (!parsed.ok) return parsed.answer;
  return cancelPaymentLink(engine, mode, params['id'] ?? '', parsed.value.reason);
}

function pay({ engine, params, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(TestPaymentRequest, body, 'test_helpers.pay');
  if (!parsed.ok) return parsed.answer;
  const { customer, ...cards } = parsed.value;
  return payPaymentLink(engine, mode, params['id'] ?? '', cards, customer);
}

/**
 * Payment link routes: create (4.7), get, list (filtered), cancel (4.6, 3.2) and the pay test
 * helper. Expiry at `expires_at` runs on the virtual clock and before every request (lazily on read).
 */
export const paymentLinkRoutes: readonly RouteDefinition[] = [
  { method: 'POST', path: '/payment-links', creates: true, handle: postPaymentLink },
  { method: 'GET', path: '/payment-links', handle: listPaymentLinks },
  { method: 'GET', path: '/payment-links/:id', handle: getPaymentLink },
  { method: 'POST', path: '/payment-links/:id/cancel', handle: cancel },
  { method: 'POST', path: '/test_helpers/payment-links/:id/pay', testOnly: true, creates: true, handle: pay },
];
