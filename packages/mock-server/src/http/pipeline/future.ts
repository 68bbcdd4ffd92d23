import type { Answer } from '../answer.ts';
import { futureAnswer } from '../future/future-answer-step.ts';
import type { Admitted, RequestContext } from './request-context.ts';

/**
 * The future mode the request gets (`Glm-Mock-Future` or the merchant's setting), recorded on the
 * context; a malformed header (`400`) or a live key asking for it (`403`) is answered instead. Test
 * helpers never get one.
 */
export function takeFuture(context: RequestContext, admitted: Admitted): Answer | undefined {
  if (admitted.route.testOnly === true) return undefined;
  const { future } = context.parts.controls;
  const mode = future.forRequest(context.request.header('glm-mock-future'), admitted.mode);
  if ('status' in mode) return mode;
  context.future = { future: mode, emittedBefore: future.emitted(), method: admitted.route.method };
  return undefined;
}

/** The answer as a later API version would send it, when the request gets a future mode. */
export function dressForFuture(context: RequestContext, answer: Answer): Answer {
  return context.future === undefined
    ? answer
    : futureAnswer(answer, context.future, context.parts.controls.future);
}
