import { type FutureMode, futureBody } from '@glm/domain/test-helpers';
import type { Answer } from '../answer.ts';
import type { InstanceFuture } from './instance-future.ts';

/** What the pipeline knows of a request's future mode. */
export interface RequestFuture {
  /** The changes the request gets. */
  readonly future: FutureMode;
  /** The merchant's test-mode events before the request ran. */
  readonly emittedBefore: number;
  /** The request's method: only reads carry future enum values. */
  readonly method: string;
}

/**
 * An answer as a later API version would send it: new members (`fields`) and, on reads, new status
 * values (`enums`) in a successful answer's body; with `events` asked by header, one event of a new
 * type after each event the request caused. The stored state is unchanged; a changed answer says
 * which changes it carries in its `glm-mock-future` header.
 */
export function futureAnswer(answer: Answer, request: RequestFuture, future: InstanceFuture): Answer {
  const { fields, enums, events } = request.future;
  if (events && !future.current().events) future.sendFutureEvents(future.emitted() - request.emittedBefore);
  if ((!fields && !enums) || answer.status >= 400 || answer.network !== undefined) return answer;
  const read = enums && request.method === 'GET';
  const marked = [fields ? 'fields' : '', read ? 'enums' : ''].filter((kind) => kind !== '').join(',');
  if (marked === '') return answer;
  return {
    ...answer,
    body: futureBody(answer.body, { fields, enums: read }),
    headers: { ...answer.headers, 'glm-mock-future': marked },
  };
}
