import type { Answer } from '../answer.ts';
import type { HandlerContext } from '../route.ts';
import type { Admitted, RequestContext } from './request-context.ts';

/**
 * Runs the endpoint's handler, through the idempotency store when the request is a `POST` with an
 * `Idempotency-Key`: a replay answers the first answer, a concurrent or different request with the
 * same key is refused, and a handler that throws leaves the key free.
 */
export async function handleIdempotently(
  context: RequestContext,
  admitted: Admitted,
  handler: HandlerContext,
): Promise<Answer> {
  const { parts, request, requestId } = context;
  const { route, mode, path } = admitted;
  const key = request.header('idempotency-key');
  if (route.method !== 'POST' || key === null) return route.handle(handler);
  const decision = parts.idempotency.begin({
    scope: mode,
    key,
    operation: `POST ${path}`,
    body: context.body,
    text: context.bodyText,
    now: parts.engine.clockMs(),
  });
  if (decision.kind === 'answer') return decision.answer;
  try {
    const answer = await route.handle(handler);
    decision.complete(answer, requestId);
    return answer;
  } catch (error) {
    decision.abandon();
    throw error;
  }
}
