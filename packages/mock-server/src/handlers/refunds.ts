import { RefundCreate, RefundListQuery } from '@glm/domain';
import type { Answer } from '../http/answer.ts';
import { notFound, success } from '../http/answer.ts';
import { parseBody, parseQuery } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { createRefund, settleRefund } from '../payments/refunds.ts';
import { listAnswer } from './list-answer.ts';

function postRefund({ engine, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(RefundCreate, body, 'refund.create');
  return parsed.ok ? createRefund(engine, mode, parsed.value) : parsed.answer;
}

function getRefund({ engine, params, mode }: HandlerContext): Answer {
  const refund = engine.store.modes[mode].refunds.get(params['id'] ?? '');
  return refund === undefined ? notFound('refund') : success(200, refund);
}

function listRefunds({ engine, query, mode }: HandlerContext): Answer {
  const parsed = parseQuery(RefundListQuery, query, 'refund.list');
  if (!parsed.ok) return parsed.answer;
  const { order_id, status } = parsed.value;
  return listAnswer(engine.store.modes[mode].refunds, parsed.value, {
    noun: 'refund',
    where: (refund) =>
      (order_id === undefined || refund.order_id === order_id) &&
      (status === undefined || refund.status === status),
  });
}

/**
 * Refund routes: create, get, list (filters `order_id`, `status`), and the succeed/fail test
 * helpers. A refund nobody settles succeeds one virtual minute after creation.
 */
export const refundRoutes: readonly RouteDefinition[] = [
  { method: 'POST', path: '/refunds', creates: true, handle: postRefund },
  { method: 'GET', path: '/refunds', handle: listRefunds },
  { method: 'GET', path: '/refunds/:id', handle: getRefund },
  {
    method: 'POST',
    path: '/test_helpers/refunds/:id/succeed',
    testOnly: true,
    handle: ({ engine, params, mode }) => settleRefund(engine, mode, params['id'] ?? '', 'succeed'),
  },
  {
    method: 'POST',
    path: '/test_helpers/refunds/:id/fail',
    testOnly: true,
    handle: ({ engine, params, mode }) => settleRefund(engine, mode, params['id'] ?? '', 'fail'),
  },
];
