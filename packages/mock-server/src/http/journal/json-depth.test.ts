import { expect, test } from 'vitest';
import { nestsDeeperThan } from './json-depth.ts';

const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

test('a body nesting more levels than the limit is told apart from one at the limit, objects and arrays alike', () => {
  expect(nestsDeeperThan(nested(10), 10)).toBe(false);
  expect(nestsDeeperThan(nested(11), 10)).toBe(true);
  expect(nestsDeeperThan(`${'{"a":'.repeat(11)}1${'}'.repeat(11)}`, 10)).toBe(true);
  expect(nestsDeeperThan(`[${'[1],'.repeat(50)}[1]]`, 10)).toBe(false);
});

test('brackets inside strings, escaped quotes included, do not count', () => {
  expect(nestsDeeperThan(JSON.stringify({ note: '['.repeat(50) }), 10)).toBe(false);
  expect(nestsDeeperThan(JSON.stringify({ note: `\\"${'{'.repeat(50)}` }), 10)).toBe(false);
});

test('a nesting far deeper than the call stack allows is read without overflowing it', () => {
  expect(nestsDeeperThan(nested(200_000), 128)).toBe(true);
});
