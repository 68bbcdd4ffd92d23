import type { FaultPlan } from '@glm/domain/test-helpers';
import type { Answer } from '../answer.ts';
import { FAULT_ANSWER_HEADER, faultErrorAnswer } from './fault-answer.ts';
import type { CaughtFault } from './fault-rules.ts';

export type { CaughtFault } from './fault-rules.ts';

/** Waits `ms` real milliseconds (a fault's delay is real time, whatever the service clock does). */
const wait = (ms: number): Promise<void> =>
  ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));

/** The answer a fault gives in place of `answer` (the operation's, when it struck after it). */
function faulted(plan: FaultPlan, source: string, answer: Answer | undefined): Answer {
  const { effect } = plan;
  if (effect.kind === 'status') return faultErrorAnswer(effect.status, effect.code, source, plan.when);
  if (effect.kind === 'delay') return answer ?? { status: 200, body: null };
  const marked = { [FAULT_ANSWER_HEADER]: source };
  if (effect.network === 'truncated' && answer !== undefined) {
    return { ...answer, status: 200, network: 'truncated', headers: { ...answer.headers, ...marked } };
  }
  if (effect.network === 'slow_body' && answer !== undefined) {
    const rate =
      effect.rateBytesPerSecond === undefined ? {} : { rateBytesPerSecond: effect.rateBytesPerSecond };
    return { ...answer, network: 'slow_body', ...rate, headers: { ...answer.headers, ...marked } };
  }
  return { status: 200, body: null, network: effect.network, headers: marked };
}

/**
 * Carries out a fault around `run` (the operation, through idempotency): `before`, after its delay, the
 * fault answers and `run` never runs (`readBody` reads the body for the journal only), unless the fault
 * is a delay alone; `after`, `run` runs and commits, then after the delay its answer is replaced.
 */
export async function strikeFault(
  fault: CaughtFault,
  run: () => Promise<Answer>,
  readBody: () => Promise<void>,
): Promise<Answer> {
  const { plan, id } = fault;
  if (plan.when === 'before') {
    await wait(plan.delayMs);
    if (plan.effect.kind === 'delay') return run();
    await readBody();
    return faulted(plan, id, undefined);
  }
  const answer = await run();
  await wait(plan.delayMs);
  return plan.effect.kind === 'delay' ? answer : faulted(plan, id, answer);
}
