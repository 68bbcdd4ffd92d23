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

test("a checkout_url's access token is masked, in text and in a logged body, and the rest of the URL stays", () => {
  const url =
    'https://pay.example/checkout/cs_1?token=Zx81_-secretToken&embed_origin=https%3A%2F%2Fshop.example';
  expect(redactText(url)).toBe(
    'https://pay.example/checkout/cs_1?token=[redacted]&embed_origin=https%3A%2F%2Fshop.example',
  );
  const logged = JSON.stringify(redact({ data: { checkout_id: 'cs_1', checkout_url: url } }));
  expect(logged).not.toContain('secretToken');
  expect(logged).toContain('cs_1?token=[redacted]');
});

test('no access token survives redaction, whatever its characters', () => {
  fc.assert(
    fc.property(fc.stringMatching(/^[A-Za-z0-9_.~-]{8,64}$/), (token) => {
      const text = `{"checkout_url":"http://127.0.0.1:4010/checkout/cs_x?token=${token}"}`;
      expect(redactText(text)).toBe(
        '{"checkout_url":"http://127.0.0.1:4010/checkout/cs_x?token=[redacted]"}',
      );
    }),
  );
});
