import { DisputeCloseRequest, DisputeOpenRequest } from '@glm/domain';
import type { Answer } from '../http/answer.ts';
import { success } from '../http/answer.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { closeDispute, openDispute } from '../payments/disputes.ts';
import { parseBody } from './parse.ts';

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

/** Dispute test-helper routes (D22, D28): disputes are opened and closed only through these. */
export const disputeRoutes: readonly RouteDefinition[] = [
  { method: 'POST', path: '/test_helpers/orders/:id/dispute', testOnly: true, handle: open },
  { method: 'POST', path: '/test_helpers/disputes/:id/close', testOnly: true, handle: close },
];
