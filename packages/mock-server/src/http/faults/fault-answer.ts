import type { ErrorCode } from '@glm/domain';
import { FAULT_HEADER, type FaultPlan } from '@glm/domain/test-helpers';
import { type Answer, refusalAnswer } from '../answer.ts';

/** The response header that names the fault behind an answer: the rule's id, or `header`. */
export const FAULT_ANSWER_HEADER = 'glm-mock-fault';

/** Who asked for a fault: a rule (its `flt_…` id) or the request's own header (`header`). */
export type FaultSource = string;

/** The error answer of a status fault, in the error body, marked with the fault that asked for it. */
export function faultErrorAnswer(
  status: number,
  code: ErrorCode,
  source: FaultSource,
  when: FaultPlan['when'],
): Answer {
  const asked = source === 'header' ? `the ${FAULT_HEADER} header` : `fault rule ${source}`;
  const done =
    when === 'after' ? 'the request was carried out; only its answer was replaced' : 'nothing was done';
  const answer = refusalAnswer(code, `Fault on purpose: ${asked} asked for ${status} ${code}; ${done}.`);
  return {
    ...answer,
    status,
    headers: {
      [FAULT_ANSWER_HEADER]: source,
      ...(status === 429 ? { 'retry-after': '1' } : {}),
    },
  };
}
