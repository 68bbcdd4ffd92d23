import fc from 'fast-check';
import { expect, test } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

/** The same value with the keys of every object in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value).reverse()) {
    Object.defineProperty(copy, key, {
      value: reversedKeys((value as Record<string, unknown>)[key]),
      enumerable: true,
    });
  }
  return copy;
}

test('canonical JSON is the same value whatever the order of keys, and reads back as that value', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      expect(canonicalJson(reversedKeys(value))).toBe(canonicalJson(value));
      expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
    }),
  );
  expect(canonicalJson({ b: [2, { d: 1, c: null }], a: 'x' })).toBe('{"a":"x","b":[2,{"c":null,"d":1}]}');
});

test('a body nested 100 000 levels deep is serialized without overflowing the stack', () => {
  const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
  expect(canonicalJson(deep)).toHaveLength(200_000);
});

test('a __proto__ key is kept as sent, so bodies that differ only there are not equal', () => {
  const plain = JSON.parse('{"name":"a"}') as unknown;
  const withProto = JSON.parse('{"name":"a","__proto__":{"x":1}}') as unknown;
  expect(canonicalJson(withProto)).toBe('{"__proto__":{"x":1},"name":"a"}');
  expect(canonicalJson(withProto)).not.toBe(canonicalJson(plain));
});
