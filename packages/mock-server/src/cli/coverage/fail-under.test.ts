import { expect, test } from 'vitest';
import { parseFailUnder, percentOf } from './fail-under.ts';

test('a threshold reads as 80, 80% or 87.5; anything outside 0–100 or not a number is refused', () => {
  expect(['80', '80%', '87.5', '0', '100%'].map(parseFailUnder)).toEqual([80, 80, 87.5, 0, 100]);
  expect(['101', '-1', 'eighty', '', '80%%', '1e2'].map(parseFailUnder)).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});

test('the share of operations used is a percentage, full when there is nothing to use', () => {
  expect([percentOf({ used: 3, total: 4 }), percentOf({ used: 0, total: 0 })]).toEqual([75, 100]);
});
