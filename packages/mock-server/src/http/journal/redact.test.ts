import { generateApiKey, generateWebhookSecret } from '@glm/domain';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { seededRandom } from '../../../test/support/seeded-random.ts';
import { redactBody, redactHeader, redactQuery, redactText } from './redact.ts';

const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const cardNumber = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 19 })
  .map((digits) => digits.join(''));
const writtenCard = fc
  .tuple(cardNumber, fc.constantFrom('', ' ', '-'))
  .map(([digits, separator]) => digits.replace(/(\d{4})(?=\d)/g, `$1${separator}`));
const apiKey = fc.tuple(fc.constantFrom('test', 'live' as const), seed).map(([mode, value]) => {
  const key = generateApiKey(mode, seededRandom(value));
  return { key: key.key, secret: key.key.split('.')[1] ?? '' };
});
const webhookSecret = seed.map((value) => generateWebhookSecret(seededRandom(value)));
const secret = fc.oneof(
  writtenCard.map((text) => ({ text, hidden: text.replace(/[ -]/g, '') })),
  apiKey.map(({ key, secret: part }) => ({ text: key, hidden: part })),
  webhookSecret.map((text) => ({ text, hidden: text.slice('whsec_'.length) })),
);
const around = fc.string({ maxLength: 12 }).filter((text) => !/\d/.test(text));

test('a card number keeps its last four digits, a key its mode and token id, a webhook secret its prefix', () => {
  expect(redactText('pay with 4242 4242 4242 4242 please')).toBe('pay with ************4242 please');
  expect(redactText('4000-0000-0000-0002')).toBe('************0002');
  expect(redactText('order 12345678901')).toBe('order 12345678901');
  expect(redactText(`key glm_test_${'a'.repeat(16)}.${'b'.repeat(32)}`)).toBe(
    `key glm_test_${'a'.repeat(16)}.[redacted]`,
  );
  expect(redactText('whsec_abcDEF123')).toBe('whsec_[redacted]');
  expect(redactHeader('cookie', 'glm_dashboard=abc')).toBe('[redacted]');
  expect(redactHeader('authorization', 'Basic abc')).toBe('[redacted]');
  expect(redactQuery('token=secret&limit=3&api_key=x')).toBe('token=[redacted]&limit=3&api_key=[redacted]');
});

test('no secret written into a body, its keys or a header survives redaction (property)', () => {
  fc.assert(
    fc.property(
      secret,
      around,
      around,
      fc.constantFrom('value', 'key', 'number', 'header', 'auth'),
      (found, before, after, where) => {
        const text = `${before}${found.text}${after}`;
        let kept: unknown;
        if (where === 'value')
          kept = redactBody({ nested: [{ note: text }] }, JSON.stringify({ nested: [{ note: text }] }));
        else if (where === 'key') kept = redactBody({ [text]: 1 }, JSON.stringify({ [text]: 1 }));
        else if (where === 'number') {
          const digits = found.hidden.replace(/\D/g, '');
          if (digits.length < 12 || digits.length > 15 || digits.startsWith('0')) return;
          kept = redactBody({ card: Number(digits) }, JSON.stringify({ card: Number(digits) }));
        } else if (where === 'header') kept = redactHeader('x-note', text);
        else kept = redactHeader('authorization', `Bearer ${found.text}`);
        expect(JSON.stringify(kept)).not.toContain(found.hidden);
      },
    ),
  );
});

test('a body without anything suspect is kept as it is, without a copy', () => {
  const body = { amount_cents: 1234, name: 'Ibuprofen' };
  expect(redactBody(body, JSON.stringify(body))).toBe(body);
});
