import type { Principal } from '../../core/keys/key-registry.ts';
import type { Answer } from '../answer.ts';
import { refusalAnswer } from '../answer.ts';
import type { Matched } from './match-route.ts';
import type { Admitted, RequestContext } from './request-context.ts';

const UNAUTHORIZED = (): Answer => refusalAnswer('unauthorized', 'Invalid or missing API key.');

/**
 * Checks the request's API key (`401` without a valid one) and the test-only guard (`403` for a live
 * key on a test helper); answers the admitted request, at once when the key check needs no waiting.
 */
export function authenticate(
  context: RequestContext,
  matched: Matched,
): Admitted | Answer | Promise<Admitted | Answer> {
  const principal = context.parts.engine.keys.authenticate(context.request.header('authorization'));
  return principal instanceof Promise
    ? principal.then((known) => admit(matched, known))
    : admit(matched, principal);
}

/** The admitted request for the caller a key named, or the refusal. */
function admit(matched: Matched, principal: Principal | undefined): Admitted | Answer {
  if (principal === undefined) return UNAUTHORIZED();
  if (matched.route.testOnly === true && principal.mode !== 'test') {
    return refusalAnswer('forbidden', 'Test helpers answer only test keys.');
  }
  // Named field by field: a spread of `matched` here was one of the dearest lines of a request.
  const { route, params, path } = matched;
  return { route, params, path, mode: principal.mode, keyId: principal.keyId };
}
