import { expect, test } from 'vitest';
import { readHeader } from './read-header.ts';

test('a Fetch Headers object is read case-insensitively', () => {
  expect(readHeader(new Headers({ Authorization: 'Bearer x' }), 'AUTHORIZATION')).toBe('Bearer x');
});

test('a plain record is read case-insensitively', () => {
  expect(readHeader({ 'X-Service-Signature': 't=1' }, 'x-service-signature')).toBe('t=1');
});

test('repeated values from Node headers or duplicate record keys are joined as Fetch joins them', () => {
  expect(readHeader({ authorization: ['Bearer a', 'Bearer b'] }, 'authorization')).toBe('Bearer a, Bearer b');
  expect(readHeader({ authorization: 'Bearer a', Authorization: 'Bearer b' }, 'authorization')).toBe(
    'Bearer a, Bearer b',
  );
});

test('a missing or empty header reads as undefined', () => {
  expect(readHeader({}, 'authorization')).toBeUndefined();
  expect(readHeader({ authorization: '' }, 'authorization')).toBeUndefined();
  expect(readHeader({ authorization: undefined }, 'authorization')).toBeUndefined();
  expect(readHeader({ authorization: [] }, 'authorization')).toBeUndefined();
  expect(readHeader(new Headers(), 'authorization')).toBeUndefined();
});
