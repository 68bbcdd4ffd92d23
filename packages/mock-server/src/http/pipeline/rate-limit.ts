import type { Answer } from '../answer.ts';
import { refusalAnswer } from '../answer.ts';
import type { Admitted, RequestContext } from './request-context.ts';

/**
 * Counts the request against its bucket (the key's, or the mode's eligibility bucket) and adds the
 * rate-limit headers; answers `429` with `Retry-After` once the bucket is full. Nothing when limits are off.
 */
export function checkRateLimit(context: RequestContext, admitted: Admitted): Answer | undefined {
  const { parts, headers } = context;
  const { route, mode, keyId } = admitted;
  const rules = parts.rateLimits();
  if (rules === undefined) return undefined;
  const eligibility = route.rateLimit === 'eligibility';
  const rule = eligibility ? rules.eligibility[mode] : rules.default;
  const verdict = parts.limiter.hit(
    eligibility ? `eligibility:${mode}` : `key:${keyId}`,
    rule,
    parts.engine.clockMs(),
  );
  headers['x-ratelimit-limit'] = String(verdict.limit);
  headers['x-ratelimit-remaining'] = String(verdict.remaining);
  headers['x-ratelimit-reset'] = String(verdict.resetAt);
  if (verdict.allowed) return undefined;
  headers['retry-after'] = String(verdict.retryAfter);
  return refusalAnswer('rate_limit_exceeded', 'Too many requests; retry after the time in Retry-After.');
}
