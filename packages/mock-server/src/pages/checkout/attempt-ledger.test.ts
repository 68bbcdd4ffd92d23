import { expect, test } from 'vitest';
import { type AttemptOutcome, attemptKey, createAttemptLedger } from './attempt-ledger.ts';

const declined = {
  kind: 'declined',
  problem: { code: 'card_declined', message: 'No' },
} as unknown as AttemptOutcome;

test('an attempt runs once; a repeat while it runs and after it ran answers its outcome', async () => {
  const ledger = createAttemptLedger();
  let runs = 0;
  const attempt = async (): Promise<AttemptOutcome> => {
    runs += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return declined;
  };
  const [first, second] = await Promise.all([ledger.once('k', attempt), ledger.once('k', attempt)]);
  expect([first, second, await ledger.once('k', attempt), await ledger.find('k')]).toEqual([
    declined,
    declined,
    declined,
    declined,
  ]);
  expect(runs).toBe(1);
});

test('an attempt that answered nothing is forgotten, and the oldest attempts go first', async () => {
  const ledger = createAttemptLedger(2);
  await ledger.once('none', async () => undefined);
  expect(ledger.find('none')).toBeUndefined();
  for (const key of ['a', 'b', 'c']) await ledger.once(key, async () => declined);
  expect([ledger.find('a'), await ledger.find('b'), await ledger.find('c')]).toEqual([
    undefined,
    declined,
    declined,
  ]);
});

test('only a well-formed attempt token makes a key', () => {
  expect(attemptKey('cs_1', null)).toBeUndefined();
  expect(attemptKey('cs_1', 'short')).toBeUndefined();
  expect(attemptKey('cs_1', 'a'.repeat(24))).toBe(`cs_1\u0000${'a'.repeat(24)}`);
});
