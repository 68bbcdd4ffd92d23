import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { signatureHeader } from './sign-delivery.ts';

const independent = (secret: string, t: number, body: string): string =>
  `t=${t},v1=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.${body}`, 'utf8').digest('hex')}`;

test('the signature is the hex HMAC-SHA256 of "<t>.<body>" keyed with the whole secret, prefix included', async () => {
  const secret = 'whsec_0123456789abcdefghijABCDEFGHIJ01';
  const header = await signatureHeader(secret, 1_740_830_400, '{"id":"evt_1"}');
  expect(header).toBe(independent(secret, 1_740_830_400, '{"id":"evt_1"}'));
  expect(header).not.toBe(independent(secret.slice('whsec_'.length), 1_740_830_400, '{"id":"evt_1"}'));
});

test('any secret, time and body sign as node:crypto computes it independently', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ minLength: 1, maxLength: 60 }),
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.string({ maxLength: 300, unit: 'grapheme' }),
      async (secret, t, body) => {
        expect(await signatureHeader(secret, t, body)).toBe(independent(secret, t, body));
      },
    ),
    { numRuns: 50 },
  );
});
