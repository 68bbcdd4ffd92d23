import { OrderListQuery } from '@glm/domain';
import type { Answer } from '../http/answer.ts';
import { notFound, success } from '../http/answer.ts';
import { parseQuery } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { listAnswer } from './list-answer.ts';

function getOrder({ engine, params, mode }: HandlerContext): Answer {
  const order = engine.store.modes[mode].orders.get(params['id'] ?? '');
  return order === undefined ? notFound('order') : success(200, order);
}

function listOrders({ engine, query, mode }: HandlerContext): Answer {
  const parsed = parseQuery(OrderListQuery, query, 'order.list');
  if (!parsed.ok) return parsed.answer;
  const { status, payment_status, customer_email, reference_id, subscription_id } = parsed.value;
  const email = customer_email?.toLowerCase();
  return listAnswer(engine.store.modes[mode].orders, parsed.value, {
    noun: 'order',
    where: (order) =>
      (status === undefined || order.status === status) &&
      (payment_status === undefined || order.payment_status === payment_status) &&
      (email === undefined || order.customer.email.toLowerCase() === email) &&
      (reference_id === undefined || order.reference_id === reference_id) &&
      (subscription_id === undefined || order.subscription_id === subscription_id),
  });
}

/** Order routes: get (4.8) and list (newest first, filtered by status, customer, reference and dates). */
export const orderRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/orders', handle: listOrders },
  { method: 'GET', path: '/orders/:id', handle: getOrder },
];
