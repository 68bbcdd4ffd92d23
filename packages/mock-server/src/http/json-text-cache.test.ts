import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createJsonTextCache } from './json-text-cache.ts';

test('answers what JSON.stringify answers, for objects seen before and not', () => {
  const cache = createJsonTextCache(4);
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      expect(cache.text(value)).toBe(JSON.stringify(value));
      expect(cache.text(value)).toBe(JSON.stringify(value));
    }),
  );
});

test('an object stored in place of another (an update) gets its own text', () => {
  const cache = createJsonTextCache();
  const order = { id: 'ord_1', status: 'captured' };
  expect(cache.text(order)).toBe('{"id":"ord_1","status":"captured"}');
  const refunded = { ...order, status: 'refunded' };
  expect(cache.text(refunded)).toBe('{"id":"ord_1","status":"refunded"}');
  expect(cache.text(order)).toBe('{"id":"ord_1","status":"captured"}');
});

test('keeps at most its capacity: the oldest object is serialized afresh', () => {
  const cache = createJsonTextCache(2);
  const first = { n: 1 };
  cache.text(first);
  cache.text({ n: 2 });
  cache.text({ n: 3 });
  // Were `first` still cached, this in-place change (which the store never makes) would not show.
  first.n = 10;
  expect(cache.text(first)).toBe('{"n":10}');
});
