import { DisputeListQuery } from '@glm/domain';
import { DisputeCloseRequest, DisputeOpenRequest } from '@glm/domain/test-helpers';
import type { Answer } from '../http/answer.ts';
import { notFound, success } from '../http/answer.ts';
import { parseBody, parseQuery } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { closeDispute, openDispute } from '../payments/disputes.ts';
import { listAnswer } from './list-answer.ts';

function open({ engine, params, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(DisputeOpenRequest, body, 'test_helpers.dispute.open');
  if (!parsed.ok) return parsed.answer;
  const opened = openDispute(engine, mode, params['id'] ?? '', parsed.value.reason ?? null);
  return opened.ok ? success(201, opened.dispute) : opened.answer;
}

function close({ engine, params, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(DisputeCloseRequest, body, 'test_helpers.dispute.close');
  if (!parsed.ok) return parsed.answer;
  return closeDispute(engine, mode, params['id'] ?? '', parsed.value.outcome);
}

function get({ engine, params, mode }: HandlerContext): Answer {
  const dispute = engine.store.modes[mode].disputes.get(params['id'] ?? '');
  return dispute === undefined ? notFound('dispute') : success(200, dispute);
}

function list({ engine, query, mode }: HandlerContext): Answer {
  const parsed = parseQuery(DisputeListQuery, query, 'test_helpers.dispute.list');
  if (!parsed.ok) return parsed.answer;
  const { order_id, status } = parsed.value;
  return listAnswer(engine.store.modes[mode].disputes, parsed.value, {
    noun: 'dispute',
    where: (dispute) =>
      (order_id === undefined || dispute.order_id === order_id) &&
      (status === undefined || dispute.status === status),
  });
}

/**
 * Dispute test-helper routes: disputes are opened and closed only through these, and read
 * through the mock-only `GET /test_helpers/disputes[/{id}]` (the service has no merchant dispute API).
 */
export const disputeRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/test_helpers/disputes', testOnly: true, handle: list },
  { method: 'GET', path: '/test_helpers/disputes/:id', testOnly: true, handle: get },
  { method: 'POST', path: '/test_helpers/orders/:id/dispute', testOnly: true, creates: true, handle: open },
  { method: 'POST', path: '/test_helpers/disputes/:id/close', testOnly: true, handle: close },
];
