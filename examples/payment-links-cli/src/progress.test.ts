import fc from 'fast-check';
import { expect, test } from 'vitest';
import { BAR_WIDTH, renderProgress } from './progress.ts';

test('the bar always has the same width and fills in proportion to the work done', () => {
  fc.assert(
    fc.property(fc.nat(1_000), fc.nat(1_000), (a, b) => {
      const [done, total] = a <= b ? [a, b] : [b, a];
      const bar = /^\[(#*)(-*)\]/.exec(renderProgress({ done, total, eligible: 0 }));
      expect((bar?.[1]?.length ?? -1) + (bar?.[2]?.length ?? -1)).toBe(BAR_WIDTH);
      expect(bar?.[1]?.length).toBe(total === 0 ? BAR_WIDTH : Math.floor((done / total) * BAR_WIDTH));
    }),
  );
});

test('a rate-limited wait is shown in whole seconds, rounded up', () => {
  expect(renderProgress({ done: 3, total: 4, eligible: 2, waitingMs: 59_001 })).toBe(
    '[###############-----] 3/4 checked, 2 eligible, rate limited: waiting 60 s',
  );
});
