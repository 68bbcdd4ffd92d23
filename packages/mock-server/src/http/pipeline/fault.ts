import { drawDelay, FAULT_HEADER, parseFaultHeader, planFault } from '@glm/domain/test-helpers';
import type { Answer } from '../answer.ts';
import { refusalAnswer } from '../answer.ts';
import { drawOf } from '../faults/fault-rules.ts';
import type { CaughtFault } from '../faults/fault-strike.ts';
import { parseJsonBody } from '../read-body.ts';
import type { Admitted, RequestContext } from './request-context.ts';

/**
 * The fault a request asks for with the `Glm-Mock-Fault` header: `undefined` without the header, the
 * refusal of a live key (`403`) or of a malformed header (`400` naming it), or the fault to strike.
 * Test helpers are never faulted, so a suite can always remove what it set.
 */
export function headerFault(context: RequestContext, admitted: Admitted): Answer | CaughtFault | undefined {
  if (admitted.route.testOnly === true) return undefined;
  const text = context.request.header('glm-mock-fault');
  if (text === null) return undefined;
  if (admitted.mode !== 'test') {
    return refusalAnswer('forbidden', `The ${FAULT_HEADER} header is answered only for test keys.`, {
      param: FAULT_HEADER,
    });
  }
  const parsed = parseFaultHeader(text);
  if (!parsed.ok) return refusalAnswer('invalid_request', parsed.message, { param: FAULT_HEADER });
  return { id: 'header', plan: drawDelay(planFault(parsed.value), drawOf(context.parts.engine.random)) };
}

/**
 * The fault to strike on this request, recorded on the context for the journal: the header's when it
 * asked for one; otherwise the first matching rule's, for test-mode API requests only.
 */
export function takeFault(
  context: RequestContext,
  admitted: Admitted,
  asked: CaughtFault | undefined,
): CaughtFault | undefined {
  const { route, mode, path } = admitted;
  const fault =
    asked ??
    (route.testOnly === true || mode !== 'test'
      ? undefined
      : context.parts.faults.take({ method: route.method, path, operation: route.operationId }));
  if (fault !== undefined) context.fault = fault.id;
  return fault;
}

/** Reads a faulted request's body for the journal only: what cannot be read is left out. */
export async function readForJournal(context: RequestContext): Promise<void> {
  const { request } = context;
  if (request.method !== 'POST' && request.method !== 'PUT') return;
  try {
    const bytes = await request.readBody();
    const read = parseJsonBody(bytes, request.header('content-type'), 'invalid_request');
    if (read.ok) {
      context.body = read.value;
      context.bodyText = read.text;
    }
  } catch {
    // The body never arrived whole: the journal keeps the request without it.
  }
}
