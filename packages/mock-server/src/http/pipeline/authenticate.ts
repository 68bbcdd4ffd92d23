import type { Answer } from '../answer.ts';
import { refusalAnswer } from '../answer.ts';
import type { Matched } from './match-route.ts';
import type { Admitted, RequestContext } from './request-context.ts';

const UNAUTHORIZED = (): Answer => refusalAnswer('unauthorized', 'Invalid or missing API key.');

/**
 * Checks the request's API key (`401` without a valid one) and the test-only guard (`403` for a live
 * key on a test helper); answers the admitted request.
 */
export async function authenticate(context: RequestContext, matched: Matched): Promise<Admitted | Answer> {
  const { route } = matched;
  const principal = await context.parts.engine.keys.authenticate(context.request.header('authorization'));
  if (principal === undefined) return UNAUTHORIZED();
  if (route.testOnly === true && principal.mode !== 'test') {
    return refusalAnswer('forbidden', 'Test helpers answer only test keys.');
  }
  return { ...matched, mode: principal.mode, keyId: principal.keyId };
}
