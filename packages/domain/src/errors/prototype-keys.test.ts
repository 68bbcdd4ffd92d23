import fc from 'fast-check';
import { expect, test } from 'vitest';
import { findPrototypeKey } from './prototype-keys.ts';

test('an own __proto__ key made by JSON.parse is found with its path', () => {
  expect(findPrototypeKey(JSON.parse('{"metadata":{"a":"1","__proto__":"x"}}'))).toEqual([
    'metadata',
    '__proto__',
  ]);
  expect(findPrototypeKey(JSON.parse('{"__proto__":"x"}'))).toEqual(['__proto__']);
});

test('constructor and prototype keys are found inside arrays and nested objects', () => {
  expect(findPrototypeKey({ line_items: [{ name: 'a' }, { constructor: 'x' }] })).toEqual([
    'line_items',
    1,
    'constructor',
  ]);
  expect(findPrototypeKey({ a: { b: { prototype: 1 } } })).toEqual(['a', 'b', 'prototype']);
});

test('the first reserved key in document order is the one named', () => {
  expect(findPrototypeKey({ a: { constructor: 1 }, prototype: 2 })).toEqual(['prototype']);
  expect(findPrototypeKey({ a: { constructor: 1 }, b: { prototype: 2 } })).toEqual(['a', 'constructor']);
});

test('reserved words as values, and inherited properties, are not keys of the request', () => {
  expect(findPrototypeKey({ name: '__proto__', tags: ['constructor', 'prototype'] })).toBeUndefined();
  expect(findPrototypeKey({})).toBeUndefined();
  expect(findPrototypeKey(null)).toBeUndefined();
});

test('a value nested a hundred thousand levels deep is walked without overflowing the stack', () => {
  const deep = JSON.parse(`${'['.repeat(100_000)}{"__proto__":1}${']'.repeat(100_000)}`) as unknown;
  expect(findPrototypeKey(deep)?.length).toBe(100_001);
});

test('JSON without reserved keys has none found, and adding one anywhere is found', () => {
  const plain = fc
    .jsonValue()
    .filter((value) => !/"(__proto__|constructor|prototype)":/.test(JSON.stringify(value)));
  fc.assert(
    fc.property(plain, fc.constantFrom('__proto__', 'constructor', 'prototype'), (value, key) => {
      expect(findPrototypeKey(value)).toBeUndefined();
      const wrapped = JSON.parse(`{"outer":[${JSON.stringify(value) ?? 'null'},{"${key}":0}]}`) as unknown;
      expect(findPrototypeKey(wrapped)).toEqual(['outer', 1, key]);
    }),
  );
});

test('an array whose own constructor property is set is walked by its indexes, without throwing', () => {
  const items: unknown[] = [{ name: 'x' }, { __proto__: null, prototype: 1 }];
  Object.defineProperty(items, 'constructor', { value: 'x', enumerable: true });
  expect(findPrototypeKey({ line_items: items })).toEqual(['line_items', 1, 'prototype']);
});
