import { SubscriptionCancel, SubscriptionCreate, SubscriptionListQuery } from '@glm/domain';
import type { Answer } from '../http/answer.ts';
import { notFound, success } from '../http/answer.ts';
import { parseBody, parseQuery } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { cancelSubscription, createSubscription } from '../payments/subscriptions.ts';
import { listAnswer } from './list-answer.ts';

function create({ engine, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(SubscriptionCreate, body, 'subscription.create');
  return parsed.ok ? createSubscription(engine, mode, parsed.value) : parsed.answer;
}

function cancel({ engine, params, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(SubscriptionCancel, body, 'subscription.cancel');
  return parsed.ok ? cancelSubscription(engine, mode, params['id'] ?? '', parsed.value) : parsed.answer;
}

function get({ engine, params, mode }: HandlerContext): Answer {
  const record = engine.store.modes[mode].subscriptions.get(params['id'] ?? '');
  return record === undefined ? notFound('subscription') : success(200, record.subscription);
}

function list({ engine, query, mode }: HandlerContext): Answer {
  const parsed = parseQuery(SubscriptionListQuery, query, 'test_helpers.subscription.list');
  if (!parsed.ok) return parsed.answer;
  const { status, customer_id } = parsed.value;
  return listAnswer(engine.store.modes[mode].subscriptions, parsed.value, {
    noun: 'subscription',
    where: ({ subscription }) =>
      (status === undefined || subscription.status === status) &&
      (customer_id === undefined || subscription.customer_id === customer_id),
    present: (record) => record.subscription,
  });
}

/**
 * Subscription routes: create and cancel (both idempotent), and the test-helper reads (get, and a list
 * filtered by `status` and `customer_id`, newest first).
 */
export const subscriptionRoutes: readonly RouteDefinition[] = [
  { method: 'POST', path: '/subscriptions', creates: true, handle: create },
  { method: 'POST', path: '/subscriptions/:id/cancel', handle: cancel },
  { method: 'GET', path: '/test_helpers/subscriptions', testOnly: true, handle: list },
  { method: 'GET', path: '/test_helpers/subscriptions/:id', testOnly: true, handle: get },
];
