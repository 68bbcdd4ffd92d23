import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ERROR_STATUS } from '../errors/error-code.ts';
import { codesOfStatus, FAULT_STATUSES, Fault, MAX_FAULT_DELAY_MS, planFault } from './fault.ts';
import { validFault } from './test-support/fault-arbitraries.ts';

test('the fault statuses are exactly the statuses of the error table', () => {
  expect(new Set(FAULT_STATUSES)).toEqual(new Set(Object.values(ERROR_STATUS)));
  expect(FAULT_STATUSES).toContain(503);
  expect(FAULT_STATUSES).not.toContain(200);
});

test('a status outside the error table, or a code of another status, is refused naming the field', () => {
  const notInTable = Fault.safeParse({ status: 418 });
  expect(notInTable.success).toBe(false);
  expect(notInTable.error?.issues[0]?.path).toEqual(['status']);
  const mismatch = Fault.safeParse({ status: 503, code: 'not_found' });
  expect(mismatch.success).toBe(false);
  expect(mismatch.error?.issues[0]?.path).toEqual(['code']);
  expect(mismatch.error?.issues[0]?.message).toContain('not_found answers 404, not 503');
});

test('an empty fault, a network fault with a status, and a truncated answer before the operation are refused', () => {
  expect(Fault.safeParse({}).success).toBe(false);
  expect(Fault.safeParse({ when: 'after' }).success).toBe(false);
  expect(Fault.safeParse({ network: 'reset', status: 503 }).error?.issues[0]?.path).toEqual(['network']);
  expect(Fault.safeParse({ network: 'truncated', when: 'before' }).error?.issues[0]?.path).toEqual(['when']);
  expect(Fault.safeParse({ delay_ms: MAX_FAULT_DELAY_MS + 1 }).success).toBe(false);
  expect(Fault.safeParse({ status: 503, extra: 1 }).success).toBe(false);
});

test('a plan fills in the code of a status, the status of a code, and when the fault strikes', () => {
  expect(planFault({ status: 503 })).toEqual({
    when: 'before',
    delayMs: 0,
    effect: { kind: 'status', status: 503, code: 'service_unavailable' },
  });
  expect(planFault({ code: 'rate_limit_exceeded', when: 'after' })).toEqual({
    when: 'after',
    delayMs: 0,
    effect: { kind: 'status', status: 429, code: 'rate_limit_exceeded' },
  });
  expect(planFault({ network: 'truncated' }).when).toBe('after');
  expect(planFault({ network: 'reset' }).when).toBe('before');
  expect(planFault({ delay_ms: 250 })).toEqual({ when: 'before', delayMs: 250, effect: { kind: 'delay' } });
});

test('every planned error answer carries a code of its own status', () => {
  fc.assert(
    fc.property(validFault, (fault) => {
      const plan = planFault(Fault.parse(fault));
      if (plan.effect.kind === 'status') {
        expect(ERROR_STATUS[plan.effect.code]).toBe(plan.effect.status);
        expect(codesOfStatus(plan.effect.status)).toContain(plan.effect.code);
      }
      expect(plan.effect.kind === 'network').toBe(fault.network !== undefined);
      expect(plan.delayMs).toBe(fault.delay_ms ?? 0);
    }),
  );
});
