import fc from 'fast-check';
import { expect, test } from 'vitest';
import { type AnsweredRequest, answeredEntry, readKeptEntry } from './journal-entry.ts';

const answered = (change: Partial<AnsweredRequest>): AnsweredRequest => ({
  method: 'POST',
  path: '/api/v2/checkout',
  query: '',
  status: 201,
  request_id: 'req_1',
  id: 'req_1',
  operation: 'createCheckoutSession',
  eachHeader: (visit) => {
    visit('idempotency-key', 'key-1');
    visit('authorization', 'Bearer glm_test_abc.secret');
  },
  body: undefined,
  bodyText: '',
  replayed: false,
  fault: null,
  warning: null,
  responseText: '{}',
  durationMs: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...change,
});

test('response_bytes is the answer in UTF-8 bytes, whatever it holds and however long', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.nat({ max: 30_000 }), (text, padding) => {
      const responseText = `${'x'.repeat(padding)}${text}`;
      const kept = answeredEntry(answered({ responseText }));
      expect(kept.entry.response_bytes).toBe(new TextEncoder().encode(responseText).length);
    }),
    { numRuns: 200 },
  );
});

test('a body is read back as sent, secrets removed; too long or too deep, a note instead', () => {
  const text = '{"card":"4242424242424242","deep":[[1]]}';
  const read = (bodyText: string) =>
    readKeptEntry(answeredEntry(answered({ body: JSON.parse(bodyText), bodyText }))).body;
  expect(read(text)).toEqual({ card: '************4242', deep: [[1]] });
  expect(read(`${'['.repeat(200)}${']'.repeat(200)}`)).toBe(
    '[a body nested more than 128 levels deep, not kept]',
  );
  expect(read(JSON.stringify({ note: 'x'.repeat(40_000) }))).toBe('[a body of 40011 characters, not kept]');
  expect(readKeptEntry(answeredEntry(answered({}))).body).toBeNull();
  const headers = readKeptEntry(answeredEntry(answered({}))).headers;
  expect(headers).toEqual({ 'idempotency-key': 'key-1', authorization: '[redacted]' });
});
