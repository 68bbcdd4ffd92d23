import { expect, test } from 'vitest';
import { createSlidingWindowLimiter, LIMITER_SWEEP_EVERY_MS } from './sliding-window.ts';

const rule = { limit: 100, windowMs: 1000 };

test('buckets whose window emptied are forgotten as the clock moves', () => {
  const limiter = createSlidingWindowLimiter();
  for (let i = 0; i < 500; i++) limiter.hit(`key:${i}`, rule, i);
  expect(limiter.size).toBe(500);
  limiter.hit('key:late', rule, 500 + LIMITER_SWEEP_EVERY_MS);
  expect(limiter.size).toBe(1);
});

test('a bucket still inside its window keeps counting across a sweep', () => {
  const limiter = createSlidingWindowLimiter();
  const long = { limit: 2, windowMs: 10 * LIMITER_SWEEP_EVERY_MS };
  limiter.hit('key:a', long, 0);
  limiter.hit('key:b', long, LIMITER_SWEEP_EVERY_MS);
  const verdict = limiter.hit('key:a', long, 2 * LIMITER_SWEEP_EVERY_MS);
  expect(verdict).toMatchObject({ allowed: true, remaining: 0 });
  expect(limiter.hit('key:a', long, 3 * LIMITER_SWEEP_EVERY_MS).allowed).toBe(false);
});
