/** A limit: at most `limit` requests in any window of `windowMs` milliseconds. */
export interface RateLimitRule {
  /** Requests allowed per window. */
  readonly limit: number;
  /** Window length in milliseconds. */
  readonly windowMs: number;
}

/** The verdict for one request, with the values of the D13 headers. */
export interface RateLimitVerdict {
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

/** Sliding-window request counters keyed by bucket, on the server's clock (D13). */
export interface SlidingWindowLimiter {
  /** Counts a request in `bucket` at `now` (epoch ms) when the rule allows it. */
  hit(bucket: string, rule: RateLimitRule, now: number): RateLimitVerdict;
  /** Forgets every bucket. */
  clear(): void;
}

/** Creates a limiter that keeps, per bucket, the times of the requests inside the current window. */
export function createSlidingWindowLimiter(): SlidingWindowLimiter {
  const buckets = new Map<string, number[]>();
  return {
    hit(bucket, rule, now) {
      const times = buckets.get(bucket) ?? [];
      let drop = 0;
      while (drop < times.length && (times[drop] ?? 0) <= now - rule.windowMs) drop++;
      if (drop > 0) times.splice(0, drop);
      const allowed = times.length < rule.limit;
      if (allowed) times.push(now);
      buckets.set(bucket, times);
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
    },
  };
}
