import fc from 'fast-check';
import { expect, test } from 'vitest';
import { GlmError } from '../errors/glm-error.ts';
import { path } from './path.ts';

test('path parameters are percent-encoded so they stay one segment', () => {
  expect(path`/v2/orders/${'ord_1/../../admin?x=1#y'}`).toBe(
    '/v2/orders/ord_1%2F..%2F..%2Fadmin%3Fx%3D1%23y',
  );
  expect(path`/api/v2/products/${42}`).toBe('/api/v2/products/42');
  expect(path`/v2/payment-links/${'plink_a'}/cancel`).toBe('/v2/payment-links/plink_a/cancel');
});

test.each(['', '.', '..'])(
  'a path parameter of %j is refused before it can address another resource',
  (value) => {
    expect(() => path`/v2/orders/${value}`).toThrow(GlmError);
  },
);

test('any non-dot, non-empty parameter decodes back to itself as a single segment', () => {
  fc.assert(
    fc.property(
      fc.string({ minLength: 1 }).filter((value) => value !== '.' && value !== '..'),
      (value) => {
        const built = path`/v2/orders/${value}/x`;
        const segments = built.split('/');
        expect(segments).toHaveLength(5);
        expect(decodeURIComponent(segments[3] ?? '')).toBe(value);
      },
    ),
  );
});
