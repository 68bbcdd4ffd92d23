import fc from 'fast-check';
import { expect, test } from 'vitest';
import { openEnum } from './open-enum.ts';
import { OrderStatus } from './statuses.ts';

test('an open enum parses every known value to itself', () => {
  for (const status of OrderStatus.options) expect(openEnum(OrderStatus).parse(status)).toBe(status);
});

test('an open enum passes any unknown string through unchanged', () => {
  fc.assert(fc.property(fc.string(), (value) => openEnum(OrderStatus).parse(value) === value));
});

test('an open enum still refuses a value that is not a string', () => {
  expect(openEnum(OrderStatus).safeParse(3).success).toBe(false);
  expect(openEnum(OrderStatus).safeParse(null).success).toBe(false);
});
