/** A limit: at most `limit` requests in any window of `windowMs` milliseconds. */
export interface RateLimitRule {
  /** Requests allowed per window. */
  readonly limit: number;
  /** Window length in milliseconds. */
  readonly windowMs: number;
}

/** The verdict for one request, with the values of the `X-RateLimit-*` and `Retry-After` headers. */
interface RateLimitVerdict {
  /** Whether the request may run. */
  readonly allowed: boolean;
  /** `X-RateLimit-Limit`. */
  readonly limit: number;
  /** `X-RateLimit-Remaining` after this request. */
  readonly remaining: number;
  /** `X-RateLimit-Reset`: Unix seconds when a slot frees up (or the window would be empty). */
  readonly resetAt: number;
  /** `Retry-After` seconds, when refused. */
  readonly retryAfter: number;
}

/** Sliding-window request counters keyed by bucket, on the server's clock. */
export interface SlidingWindowLimiter {
  /** Counts a request in `bucket` at `now` (epoch ms) when the rule allows it. */
  hit(bucket: string, rule: RateLimitRule, now: number): RateLimitVerdict;
  /** Forgets every bucket. */
  clear(): void;
  /** How many buckets are kept (those with no request left in their window are forgotten). */
  readonly size: number;
}

/** How often, on the service clock, the limiter forgets buckets whose window holds no request: 1 minute. */
export const LIMITER_SWEEP_EVERY_MS = 60_000;

/**
 * Creates a limiter that keeps, per bucket, the times of the requests inside the current window. At most
 * once per {@link LIMITER_SWEEP_EVERY_MS} of the clock it forgets the buckets whose window has emptied
 * (a revoked key's, a key no longer used), so memory follows the keys in use, at a cost per request that
 * does not grow with them.
 */
export function createSlidingWindowLimiter(): SlidingWindowLimiter {
  const buckets = new Map<string, { times: number[]; windowMs: number }>();
  let sweptAt = Number.NEGATIVE_INFINITY;
  const sweep = (now: number): void => {
    if (now - sweptAt < LIMITER_SWEEP_EVERY_MS) return;
    sweptAt = now;
    for (const [name, { times, windowMs }] of buckets) {
      const last = times[times.length - 1];
      if (last === undefined || last <= now - windowMs) buckets.delete(name);
    }
  };
  return {
    hit(bucket, rule, now) {
      sweep(now);
      const times = buckets.get(bucket)?.times ?? [];
      let drop = 0;
      while (drop < times.length && (times[drop] ?? 0) <= now - rule.windowMs) drop++;
      if (drop > 0) times.splice(0, drop);
      const allowed = times.length < rule.limit;
      if (allowed) times.push(now);
      buckets.set(bucket, { times, windowMs: rule.windowMs });
      const oldest = times[0] ?? now;
      const freeAt = oldest + rule.windowMs;
      return {
        allowed,
        limit: rule.limit,
        remaining: Math.max(0, rule.limit - times.length),
        resetAt: Math.ceil(freeAt / 1000),
        retryAfter: Math.max(1, Math.ceil((freeAt - now) / 1000)),
      };
    },
    clear() {
      buckets.clear();
      sweptAt = Number.NEGATIVE_INFINITY;
    },
    get size() {
      return buckets.size;
    },
  };
}
