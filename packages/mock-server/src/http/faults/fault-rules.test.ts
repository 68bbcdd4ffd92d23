import { FaultRuleCreate } from '@glm/domain/test-helpers';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { seededRandom } from '../../../test/support/seeded-random.ts';
import { createFaultRules, drawOf } from './fault-rules.ts';

const rulesWith = (seed: number) => {
  let next = 0;
  return createFaultRules({
    newId: () => {
      next += 1;
      return `flt_${next}`;
    },
    nowIso: () => '2025-03-01T12:00:00.000Z',
    draw: drawOf(seededRandom(seed)),
  });
};
const target = { method: 'GET', path: '/orders', operation: 'listOrders' };

test('the oldest matching rule strikes, uses up a time, and leaves when its times are used up', () => {
  const rules = rulesWith(1);
  const first = rules.add(
    FaultRuleCreate.parse({ match: { path: '/v2/orders' }, fault: { status: 503 }, times: 2 }),
  );
  rules.add(FaultRuleCreate.parse({ fault: { status: 500 }, times: null }));
  expect(rules.take(target)?.id).toBe(first.id);
  expect(rules.list().map((rule) => rule.remaining)).toEqual([1, null]);
  expect(rules.take(target)?.plan.effect).toEqual({
    kind: 'status',
    status: 503,
    code: 'service_unavailable',
  });
  expect(rules.list().map((rule) => rule.id)).toEqual(['flt_2']);
  expect(rules.take({ ...target, path: '/products' })?.id).toBe('flt_2');
  expect(rules.remove('flt_2')?.id).toBe('flt_2');
  expect(rules.remove('flt_2')).toBeUndefined();
  expect(rules.take(target)).toBeUndefined();
});

test('a probability is drawn from the seeded source: the same seed strikes the same requests, and about as often as asked', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.double({ min: 0.1, max: 0.9, noNaN: true }),
      (seed, probability) => {
        const run = () => {
          const rules = rulesWith(seed);
          rules.add(FaultRuleCreate.parse({ fault: { status: 503 }, times: null, probability }));
          return Array.from({ length: 400 }, () => rules.take(target) !== undefined);
        };
        const struck = run();
        expect(run()).toEqual(struck);
        const share = struck.filter(Boolean).length / struck.length;
        expect(Math.abs(share - probability)).toBeLessThan(0.15);
      },
    ),
    { numRuns: 20 },
  );
});

test('a rule the draw spares keeps its times, and a certain rule draws nothing', () => {
  let draws = 0;
  const rules = createFaultRules({
    newId: () => 'flt_1',
    nowIso: () => '2025-03-01T12:00:00.000Z',
    draw: () => {
      draws += 1;
      return 0.99;
    },
  });
  rules.add(FaultRuleCreate.parse({ fault: { status: 503 }, probability: 0.5 }));
  expect(rules.take(target)).toBeUndefined();
  expect([rules.list()[0]?.remaining, draws]).toEqual([1, 1]);
  rules.clear();
  rules.add(FaultRuleCreate.parse({ fault: { status: 503 } }));
  expect(rules.take(target)?.id).toBe('flt_1');
  expect(draws).toBe(1);
});
