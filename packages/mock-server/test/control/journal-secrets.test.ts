import { generateApiKey, generateWebhookSecret } from '@glm/domain';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';
import { seededRandom } from '../support/seeded-random.ts';

// D33: the journal never holds a full card number, a key's secret or a webhook secret, wherever a
// request puts them: body values, body keys, headers, the query, or the key it authenticates with.

const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const card = fc
  .tuple(
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 19 }),
    fc.constantFrom('', ' ', '-'),
  )
  .map(([digits, separator]) => {
    const plain = digits.join('');
    return { text: plain.replace(/(\d{4})(?=\d)/g, `$1${separator}`), hidden: plain };
  });
const secret = fc.oneof(
  card,
  fc.tuple(fc.constantFrom('test', 'live' as const), seed).map(([mode, value]) => {
    const { key } = generateApiKey(mode, seededRandom(value));
    return { text: key, hidden: key.split('.')[1] ?? key };
  }),
  seed.map((value) => {
    const text = generateWebhookSecret(seededRandom(value));
    return { text, hidden: text.slice('whsec_'.length) };
  }),
);
const place = fc.constantFrom('body value', 'body key', 'header', 'query', 'path');
const path = fc.constantFrom('/v2/products', '/api/v2/checkout', '/v2/test_helpers/webhook_endpoints');

test('whatever a request carries, the journal read over HTTP or in JavaScript holds no secret', async () => {
  const mock = createMockService({ rateLimit: false, now: '2025-03-01T12:00:00.000Z' });
  const keySecret = mock.keys.test.split('.')[1] ?? '';
  await fc.assert(
    fc.asyncProperty(
      secret,
      place,
      path,
      fc.string({ maxLength: 8 }),
      async (found, where, target, noise) => {
        const text = `${noise}${found.text}`;
        const headers: Record<string, string> = {
          authorization: `Bearer ${mock.keys.test}`,
          'content-type': 'application/json',
        };
        let url = `http://127.0.0.1${target}`;
        let body: unknown = { name: 'x' };
        if (where === 'body value') body = { name: text, metadata: { note: [text] } };
        else if (where === 'body key') body = { metadata: { [text]: 'x' } };
        else if (where === 'header') headers['x-note'] = text.replace(/[^\x20-\x7e]/g, '');
        else if (where === 'query') url += `?note=${encodeURIComponent(text)}`;
        else url += `/${encodeURIComponent(text)}`;
        await mock.handle(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
        const listed = await mock.handle(
          new Request('http://127.0.0.1/v2/test_helpers/requests?limit=2', {
            headers: { authorization: `Bearer ${mock.keys.test}` },
          }),
        );
        const seen = `${await listed.text()}${JSON.stringify(mock.requests())}`;
        // Separators aside: a card number written 4242%204242… is still a card number.
        expect(seen.replace(/%20|[ +-]/g, '')).not.toContain(found.hidden);
        expect(seen).not.toContain(keySecret);
      },
    ),
    { numRuns: 150 },
  );
});
