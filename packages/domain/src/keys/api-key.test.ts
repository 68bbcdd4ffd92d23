import fc from 'fast-check';
import { expect, test } from 'vitest';
import { repeatingBytes } from '../ids/test-support/byte-sources.ts';
import { API_KEY_PATTERN, formatApiKey, generateApiKey, parseApiKey, redactApiKey } from './api-key.ts';

const TOKEN = 'AbCdEfGh12345678';
const SECRET = 'sEcReT0123456789abcdefghijKLMNOP';

test.each([
  ['a test key', `glm_test_${TOKEN}.${SECRET}`, 'test'],
  ['a live key', `glm_live_${TOKEN}.${SECRET}`, 'live'],
] as const)('parseApiKey reads %s', (_, key, mode) => {
  expect(parseApiKey(key)).toEqual({ ok: true, value: { mode, tokenId: TOKEN, secret: SECRET } });
});

test.each([
  ['undefined', undefined, 'missing_key'],
  ['an empty string', '', 'missing_key'],
  ['a trailing newline', `glm_test_${TOKEN}.${SECRET}\n`, 'whitespace'],
  ['a Bearer scheme pasted in', `Bearer glm_test_${TOKEN}.${SECRET}`, 'whitespace'],
  ['another service prefix', `sk_test_${TOKEN}.${SECRET}`, 'unknown_prefix'],
  ['an unknown mode', `glm_prod_${TOKEN}.${SECRET}`, 'unknown_prefix'],
  ['an upper-case prefix', `GLM_TEST_${TOKEN}.${SECRET}`, 'unknown_prefix'],
  ['no separator', `glm_test_${TOKEN}${SECRET}`, 'missing_separator'],
  ['a short token id', `glm_test_${TOKEN.slice(1)}.${SECRET}`, 'invalid_token_id'],
  ['a token id with a dash', `glm_test_${TOKEN.slice(1)}-.${SECRET}`, 'invalid_token_id'],
  ['an empty token id', `glm_test_.${SECRET}`, 'invalid_token_id'],
  ['a long secret', `glm_test_${TOKEN}.${SECRET}x`, 'invalid_secret'],
  ['a second separator', `glm_test_${TOKEN}.${SECRET.slice(1)}.`, 'invalid_secret'],
  ['an empty secret', `glm_test_${TOKEN}.`, 'invalid_secret'],
])('parseApiKey refuses %s as %s', (_, key, code) => {
  expect(parseApiKey(key)).toMatchObject({ ok: false, code });
});

test('a refusal message never quotes the secret or the token id', () => {
  for (const key of [`glm_test_${TOKEN}.${SECRET}!`, `glm_test_${TOKEN}x.${SECRET}`, `${SECRET} ${TOKEN}`]) {
    const result = parseApiKey(key);
    if (result.ok) throw new Error('expected a refusal');
    expect(result.message).not.toContain(SECRET.slice(0, 8));
    expect(result.message).not.toContain(TOKEN.slice(0, 8));
  }
});

test('generated keys of either mode parse back to their parts', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('test' as const, 'live' as const),
      fc.array(fc.nat({ max: 247 }), { minLength: 1, maxLength: 64 }),
      (mode, bytes) => {
        const generated = generateApiKey(mode, repeatingBytes(bytes));
        expect(generated.key).toMatch(new RegExp(`^glm_${mode}_[0-9A-Za-z]{16}\\.[0-9A-Za-z]{32}$`));
        expect(parseApiKey(generated.key)).toEqual({
          ok: true,
          value: { mode, tokenId: generated.tokenId, secret: generated.secret },
        });
        expect(formatApiKey(generated)).toBe(generated.key);
      },
    ),
  );
});

test('API_KEY_PATTERN accepts exactly the keys parseApiKey accepts, and captures the same mode', () => {
  // Keys near the valid shape: a prefix (valid or not), then token and secret parts mostly of base62
  // characters and of the right length, sometimes one too short or too long or holding a character
  // that is not base62, with one separator or none or two. Both verdicts come up (counted below).
  const char = fc.oneof(
    { arbitrary: fc.constantFrom(...'aZ09'), weight: 40 },
    { arbitrary: fc.constantFrom(...'-_. \n'), weight: 1 },
  );
  const part = (length: number) =>
    fc
      .oneof(
        { arbitrary: fc.array(char, { minLength: length, maxLength: length }), weight: 3 },
        { arbitrary: fc.array(char, { minLength: length - 1, maxLength: length + 1 }), weight: 1 },
      )
      .map((list) => list.join(''));
  const verdicts = { accepted: 0, refused: 0 };
  fc.assert(
    fc.property(
      fc.constantFrom('glm_test_', 'glm_live_', 'glm_prod_', 'GLM_TEST_', ''),
      part(16),
      fc.constantFrom('.', '.', '', '..'),
      part(32),
      (prefix, token, separator, secret) => {
        const key = `${prefix}${token}${separator}${secret}`;
        const parsed = parseApiKey(key);
        expect(API_KEY_PATTERN.exec(key)?.[1]).toBe(parsed.ok ? parsed.value.mode : undefined);
        verdicts[parsed.ok ? 'accepted' : 'refused'] += 1;
      },
    ),
    { numRuns: 2000 },
  );
  expect(verdicts.accepted).toBeGreaterThan(50);
  expect(verdicts.refused).toBeGreaterThan(50);
  expect(API_KEY_PATTERN.exec(`glm_live_${TOKEN}.${SECRET}`)?.[1]).toBe('live');
  expect(API_KEY_PATTERN.test(`glm_test_${TOKEN}.${SECRET}\n`)).toBe(false);
});

test('redactApiKey shows the prefix and four token characters, never the secret', () => {
  expect(redactApiKey(`glm_test_${TOKEN}.${SECRET}`)).toBe('glm_test_AbCd…');
  expect(redactApiKey(`glm_live_${TOKEN}.${SECRET}`)).toBe('glm_live_AbCd…');
});

test('redactApiKey hides the secret of a malformed key too', () => {
  expect(redactApiKey(`glm_test_.${SECRET}`)).toBe('glm_test_…');
  expect(redactApiKey(`glm_test_ab.${SECRET}`)).toBe('glm_test_ab…');
  expect(redactApiKey(SECRET)).toBe('…');
  expect(redactApiKey(`Bearer glm_test_${TOKEN}.${SECRET}`)).toBe('…');
});

test('redactApiKey shows at most the prefix and four characters of any string', () => {
  fc.assert(
    fc.property(fc.constantFrom('', 'glm_test_', 'glm_live_'), fc.string(), (prefix, rest) => {
      const redacted = redactApiKey(`${prefix}${rest}`);
      expect(redacted.endsWith('…')).toBe(true);
      expect(redacted.length).toBeLessThanOrEqual(prefix.length + 5);
    }),
  );
});
