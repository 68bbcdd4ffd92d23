import { expect, test } from 'vitest';
import { formatParamPath } from './param-path.ts';

test('a path is written in the interface notation with indexes in brackets', () => {
  expect(formatParamPath(['line_items', 0, 'price'])).toBe('line_items[0].price');
  expect(formatParamPath(['shipping_info', 'postal_code'])).toBe('shipping_info.postal_code');
  expect(formatParamPath(['limit'])).toBe('limit');
});

test('the empty path names no parameter', () => {
  expect(formatParamPath([])).toBeUndefined();
});
