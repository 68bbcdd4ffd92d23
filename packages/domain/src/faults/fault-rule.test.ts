import fc from 'fast-check';
import { expect, test } from 'vitest';
import { FaultRuleCreate, faultMatches, pathFits, unversionedPath } from './fault-rule.ts';

const target = (method: string, path: string, operation?: string) => ({ method, path, operation });

test('a rule takes its defaults: every request, once, always', () => {
  expect(FaultRuleCreate.parse({ fault: { status: 503 } })).toEqual({
    match: {},
    fault: { status: 503 },
    times: 1,
    probability: 1,
  });
  expect(
    FaultRuleCreate.parse({ match: { method: 'post' }, fault: { status: 500 }, times: null }).match,
  ).toEqual({
    method: 'POST',
  });
});

test('a rule on a test helper, a path without a version prefix or an empty segment is refused naming match.path', () => {
  for (const path of ['/v2/test_helpers/reset', '/checkout', '/v2/orders//x', 'v2/checkout']) {
    const parsed = FaultRuleCreate.safeParse({ match: { path }, fault: { status: 503 } });
    expect(parsed.success, path).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['match', 'path']);
  }
  expect(FaultRuleCreate.safeParse({ fault: { status: 503 }, probability: 1.5 }).success).toBe(false);
  expect(FaultRuleCreate.safeParse({ fault: { status: 503 }, times: 0 }).success).toBe(false);
  expect(FaultRuleCreate.safeParse({ match: { method: 'PATCH' }, fault: { status: 503 } }).success).toBe(
    false,
  );
});

test('both version prefixes name the same path, and :name segments match any one segment', () => {
  expect(unversionedPath('/api/v2/checkout')).toBe('/checkout');
  expect(unversionedPath('/v2/checkout')).toBe('/checkout');
  expect(unversionedPath('/checkout/cs_1')).toBeUndefined();
  const rule = FaultRuleCreate.parse({
    match: { method: 'GET', path: '/api/v2/orders/:id' },
    fault: { status: 503 },
  });
  expect(faultMatches(rule.match, target('GET', '/orders/ord_1'))).toBe(true);
  expect(faultMatches(rule.match, target('POST', '/orders/ord_1'))).toBe(false);
  expect(faultMatches(rule.match, target('GET', '/orders'))).toBe(false);
  expect(faultMatches(rule.match, target('GET', '/orders/ord_1/x'))).toBe(false);
});

test('an operation match names the endpoint, whatever its path', () => {
  const rule = FaultRuleCreate.parse({
    match: { operation: 'createCheckoutSession' },
    fault: { status: 503 },
  });
  expect(faultMatches(rule.match, target('POST', '/checkout', 'createCheckoutSession'))).toBe(true);
  expect(faultMatches(rule.match, target('POST', '/checkout', undefined))).toBe(false);
});

test('an empty match catches every request, and a literal path matches only itself', () => {
  const segment = fc.stringMatching(/^[a-z0-9_]{1,8}$/);
  fc.assert(
    fc.property(
      fc.array(segment, { minLength: 1, maxLength: 5 }),
      fc.array(segment, { minLength: 1, maxLength: 5 }),
      (a, b) => {
        const pathA = `/${a.join('/')}`;
        const pathB = `/${b.join('/')}`;
        expect(faultMatches({}, target('GET', pathA))).toBe(true);
        expect(pathFits(pathA, pathB)).toBe(pathA === pathB);
        expect(pathFits(`/${a.map(() => ':x').join('/')}`, pathB)).toBe(a.length === b.length);
      },
    ),
  );
});

test('a bad times says what times takes: a whole number from 1, or null for no limit', () => {
  for (const times of ['*', 0, 1.5, 2_000_000]) {
    const parsed = FaultRuleCreate.safeParse({ fault: { status: 503 }, times });
    expect(parsed.success, String(times)).toBe(false);
    expect(parsed.error?.issues[0]?.message, String(times)).toMatch(/or null for no limit/);
  }
});
