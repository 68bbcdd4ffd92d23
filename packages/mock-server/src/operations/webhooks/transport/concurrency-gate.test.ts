import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createConcurrencyGate } from './concurrency-gate.ts';

const deferred = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

test('a stuck key never holds up another key', async () => {
  const gate = createConcurrencyGate(1);
  const stuck = deferred();
  const blocked = gate.run('slow', () => stuck.promise);
  await expect(gate.run('fast', async () => 'done')).resolves.toBe('done');
  stuck.resolve();
  await blocked;
});

test('no more than the limit run at once per key, and every task runs exactly once', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }),
      async (limit, delays) => {
        const gate = createConcurrencyGate(limit);
        let running = 0;
        let peak = 0;
        const ran: number[] = [];
        await Promise.all(
          delays.map((delay, index) =>
            gate.run('key', async () => {
              running += 1;
              peak = Math.max(peak, running);
              for (let i = 0; i < delay; i++) await Promise.resolve();
              ran.push(index);
              running -= 1;
            }),
          ),
        );
        expect(peak).toBeLessThanOrEqual(limit);
        expect([...ran].sort((a, b) => a - b)).toEqual(delays.map((_, index) => index));
      },
    ),
  );
});

test('a task that throws frees its slot for the next one', async () => {
  const gate = createConcurrencyGate(1);
  await expect(gate.run('key', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  await expect(gate.run('key', async () => 'next')).resolves.toBe('next');
});
