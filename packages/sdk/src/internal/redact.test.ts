import fc from 'fast-check';
import { expect, test } from 'vitest';
import { LIVE_KEY, TEST_KEY } from '../test-support/scripted-fetch.ts';
import { redact, redactText } from './redact.ts';

test('API keys, webhook secrets and bearer tokens are masked wherever they appear in text', () => {
  const text = `key=${LIVE_KEY} other ${TEST_KEY}; whsec_abcdefABCDEF0123456789abcdefABCD; Authorization: Bearer xyz.123`;
  const redacted = redactText(text);
  expect(redacted).not.toContain('sEcReT');
  expect(redacted).not.toContain('AbCdEfGh');
  expect(redacted).not.toContain('abcdefABCDEF');
  expect(redacted).not.toContain('xyz.123');
  expect(redacted).toContain('glm_live_[redacted]');
  expect(redacted).toContain('glm_test_[redacted]');
});

test('card numbers keep only their last four digits, spaced or not; other numbers stay', () => {
  expect(redactText('card 4242424242424242 ok')).toBe('card ************4242 ok');
  expect(redactText('card 4000-0000-0000-0002')).toBe('card ************0002');
  expect(redactText('order 1234567890123 total 4999')).toBe('order 1234567890123 total 4999');
});

test('secret-named fields and headers are replaced at any depth', () => {
  const redacted = redact({
    headers: new Headers({ authorization: `Bearer ${TEST_KEY}`, 'idempotency-key': 'k-1' }),
    body: { card_number: '4242424242424242', nested: [{ secret: 'whsec_x', name: 'ok' }] },
    key: TEST_KEY,
  });
  expect(redacted).toEqual({
    headers: { authorization: '[redacted]', 'idempotency-key': 'k-1' },
    body: { card_number: '[redacted]', nested: [{ secret: '[redacted]', name: 'ok' }] },
    key: '[redacted]',
  });
});

test('no API key survives redaction, wherever it is embedded', () => {
  const base62 = fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const token = fc.string({ unit: base62, minLength: 16, maxLength: 16 });
  const secret = fc.string({ unit: base62, minLength: 32, maxLength: 32 });
  fc.assert(
    fc.property(
      fc.constantFrom('test', 'live'),
      token,
      secret,
      fc.string(),
      fc.string(),
      (mode, id, value, before, after) => {
        const redacted = JSON.stringify(redact({ note: `${before} glm_${mode}_${id}.${value} ${after}` }));
        expect(redacted).not.toContain(value);
      },
    ),
  );
});

test('a cycle is cut instead of followed', () => {
  const looped: { name: string; self?: unknown } = { name: 'a' };
  looped.self = looped;
  expect(redact(looped)).toEqual({ name: 'a', self: '[circular]' });
});
