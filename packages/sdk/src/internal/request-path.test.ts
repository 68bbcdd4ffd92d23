import fc from 'fast-check';
import { expect, test } from 'vitest';
import { checkRequestPath } from './request-path.ts';

const segment = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text !== '.' && text !== '..');

test('any path of percent-encoded segments is accepted as it is', () => {
  fc.assert(
    fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
      const path = `/${segments.map(encodeURIComponent).join('/')}`;
      expect(checkRequestPath(path)).toBe(path);
    }),
  );
});

test.each([
  'v2/orders',
  '',
  '/v2/orders?limit=1',
  '/v2/orders#x',
  '/v2/orders/ord 1',
  '/v2/ördérs',
  '/v2/orders/%zz',
  '/v2/orders/..',
  '/v2/./orders',
  '/v2/%2e%2E/orders',
  '/v2/%2e/orders',
])('%j is refused', (path) => {
  expect(() => checkRequestPath(path)).toThrow(/^request: `path`/);
});

test('a segment that merely contains dots is a normal segment', () => {
  expect(checkRequestPath('/v2/files/report.v1..json')).toBe('/v2/files/report.v1..json');
  expect(checkRequestPath('/v2/.well-known/x')).toBe('/v2/.well-known/x');
});
