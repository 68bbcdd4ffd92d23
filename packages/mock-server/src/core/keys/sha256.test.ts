import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { sha256, sha256With } from './sha256.ts';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

test('the platform digest and the Web Crypto digest agree with the FIPS 180-2 vector for "abc"', async () => {
  const expected = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
  expect(hex(await sha256('abc'))).toBe(expected);
  expect(hex(await sha256With(undefined)('abc'))).toBe(expected);
});

test('the node:crypto digest answers synchronously and the Web Crypto one asynchronously', () => {
  expect(sha256With({ createHash })('key')).toBeInstanceOf(Uint8Array);
  expect(sha256With(undefined)('key')).toBeInstanceOf(Promise);
});

test('both digests hash any text, lone surrogates included, to the same bytes', async () => {
  const viaNode = sha256With({ createHash });
  const viaWeb = sha256With(undefined);
  // Sampled, then hashed all at once: one Web Crypto job after another is slow on a busy machine.
  const texts = fc.sample(fc.string({ unit: 'binary' }), { numRuns: 200, seed: Date.now() });
  const web = await Promise.all(texts.map(async (text) => hex(await viaWeb(text))));
  const node = await Promise.all(texts.map(async (text) => hex(await viaNode(text))));
  expect(node).toEqual(web);
});
