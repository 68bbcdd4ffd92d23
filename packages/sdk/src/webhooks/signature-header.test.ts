import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { parseSignatureHeader, signPayload } from './signature-header.ts';

const hexA = 'a'.repeat(64);
const hexB = '0123456789abcdef'.repeat(4);

test('a header with a timestamp and one v1 signature parses into both', () => {
  expect(parseSignatureHeader(`t=1700000000,v1=${hexA}`)).toEqual({
    timestamp: 1700000000,
    signatures: [hexA],
  });
});

test('every v1 signature is kept and unknown schemes are skipped', () => {
  expect(parseSignatureHeader(`t=5, v1=${hexA},v0=zz,v1=${hexB}`)).toEqual({
    timestamp: 5,
    signatures: [hexA, hexB],
  });
});

test('headers without a timestamp, with two timestamps, or without a v1 signature are malformed', () => {
  for (const header of [`v1=${hexA}`, `t=1,t=2,v1=${hexA}`, 't=1', 't=1,v0=abc', '']) {
    expect(parseSignatureHeader(header), header).toBeUndefined();
  }
});

test('a non-numeric timestamp, a short, non-hex or upper-case v1, or a part without "=" is malformed', () => {
  for (const header of [
    `t=-1,v1=${hexA}`,
    `t=1.5,v1=${hexA}`,
    `t=abc,v1=${hexA}`,
    `t=1,v1=${hexA.slice(1)}`,
    `t=1,v1=${'g'.repeat(64)}`,
    `t=1,v1=${hexA.toUpperCase()}`,
    `t=1,v1=${hexA},garbage`,
    `t=1,=x,v1=${hexA}`,
  ]) {
    expect(parseSignatureHeader(header), header).toBeUndefined();
  }
});

test('the signature is HMAC-SHA256 keyed by the whole secret, prefix included, over "<t>.<raw body>"', async () => {
  const secret = 'whsec_Abc123';
  const body = new TextEncoder().encode('{"id":"evt_1","note":"café"}');
  // An independent implementation (node:crypto) checks the Web Crypto one.
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.concat([Buffer.from('1700000000.'), body]))
    .digest('hex');
  expect(await signPayload(body, secret, 1700000000)).toBe(`t=1700000000,v1=${expected}`);
});
