import { expect, test } from 'vitest';
import { brokenInvariant } from './fuzz-invariants.ts';

const ok = {
  status: 404,
  requestId: `req_${'a'.repeat(24)}`,
  text: '{"error":{"code":"not_found","message":"No such order."}}',
  before: 'state',
  after: () => 'state',
  page: false,
};

test('a refusal in the error body with a request id that changed nothing keeps every invariant', () => {
  expect(brokenInvariant(ok)).toBeUndefined();
  expect(brokenInvariant({ ...ok, status: 201, text: '{}', after: () => 'changed' })).toBeUndefined();
  expect(brokenInvariant({ ...ok, status: 402, after: () => 'payment recorded' })).toBeUndefined();
  expect(brokenInvariant({ ...ok, status: 404, text: '<html>', page: true })).toBeUndefined();
});

test('each broken invariant is named', () => {
  expect(brokenInvariant({ ...ok, status: 500 })).toBe('answered 500');
  expect(brokenInvariant({ ...ok, requestId: null })).toBe('no x-request-id');
  expect(brokenInvariant({ ...ok, text: 'Not found' })).toBe('error 404 is not JSON');
  expect(brokenInvariant({ ...ok, text: '{"message":"x"}' })).toBe(
    'error 404 is not in the error body shape',
  );
  expect(brokenInvariant({ ...ok, after: () => 'changed' })).toBe('refusal 404 changed the store');
});

test('a property added to Object.prototype is caught', () => {
  Object.defineProperty(Object.prototype, 'fuzzProbe', { value: 1, configurable: true });
  try {
    expect(brokenInvariant(ok)).toBe('Object.prototype changed');
  } finally {
    delete (Object.prototype as Record<string, unknown>)['fuzzProbe'];
  }
  expect(brokenInvariant(ok)).toBeUndefined();
});
