import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createVirtualClock } from './virtual-clock.ts';

test('nowMs reads the time now() answers, in either mode, after any forward move', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('virtual' as const, 'system' as const),
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.array(fc.oneof(fc.integer({ min: 0, max: 1e15 }), fc.double({ min: 0, max: 1e6, noNaN: true }))),
      (mode, start, moves) => {
        const clock = createVirtualClock(mode, new Date(start), () => 1_700_000_000_000);
        expect(Object.is(clock.nowMs(), clock.now().getTime())).toBe(true);
        for (const ms of moves) {
          clock.forward(ms);
          const read = clock.now().getTime();
          expect(clock.nowMs() === read || (Number.isNaN(read) && Number.isNaN(clock.nowMs()))).toBe(true);
        }
      },
    ),
  );
});
