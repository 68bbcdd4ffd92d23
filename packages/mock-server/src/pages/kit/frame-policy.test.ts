import fc from 'fast-check';
import { expect, test } from 'vitest';
import { exactOrigin, frameAncestors, isAllowedEmbedOrigin, messageTargetOrigin } from './frame-policy.ts';

// What the CSP grammar accepts as a frame-ancestors source (host-source without IPv6 literals, or a keyword).
const CSP_SOURCE = /^(?:'none'|https?:\/\/(?:\*\.)?[a-z0-9.-]+(?::(?:\d+|\*))?)$/;

const origin = fc
  .webUrl({ withFragments: false, withQueryParameters: false })
  .map((url) => new URL(url).origin);
const input = fc.record({
  mode: fc.constantFrom('test' as const, 'live' as const),
  allowedOrigins: fc.array(origin, { maxLength: 3 }),
  successUrl: fc.option(fc.webUrl(), { nil: null }),
});

test('the message target is never a wildcard: the embed origin when allowed, else the success URL origin', () => {
  fc.assert(
    fc.property(fc.option(fc.oneof(origin, fc.string()), { nil: null }), input, (embed, policy) => {
      const target = messageTargetOrigin(embed, policy);
      const success = policy.successUrl === null ? undefined : new URL(policy.successUrl).origin;
      if (embed !== null && isAllowedEmbedOrigin(embed, policy)) expect(target).toBe(embed);
      else expect(target).toBe(success);
      expect(target).not.toBe('*');
    }),
  );
});

test('only exact origins count: a path, a trailing slash, another case or a scheme other than http(s) is refused', () => {
  expect(exactOrigin('https://shop.example')).toBe('https://shop.example');
  for (const value of [
    'https://shop.example/',
    'https://shop.example/x',
    'https://SHOP.example',
    'null',
    '*',
    'ftp://shop.example',
    'https://shop.example:443',
  ]) {
    expect(exactOrigin(value), value).toBeUndefined();
  }
});

test('local origins may embed test-mode pages only', () => {
  const policy = { allowedOrigins: [], successUrl: 'https://shop.example/ok' };
  expect(isAllowedEmbedOrigin('http://localhost:5173', { ...policy, mode: 'test' })).toBe(true);
  expect(isAllowedEmbedOrigin('http://127.0.0.1:9', { ...policy, mode: 'test' })).toBe(true);
  expect(isAllowedEmbedOrigin('http://localhost:5173', { ...policy, mode: 'live' })).toBe(false);
  expect(isAllowedEmbedOrigin('http://localhost.evil.example', { ...policy, mode: 'test' })).toBe(false);
  expect(frameAncestors({ ...policy, mode: 'live' })).toEqual(['https://shop.example']);
});

test('with nothing allowed, framing is refused outright', () => {
  expect(frameAncestors({ mode: 'live', allowedOrigins: [], successUrl: null })).toEqual(["'none'"]);
});

test('frame-ancestors lists only sources the CSP grammar accepts: IPv6 literal origins are left out', () => {
  fc.assert(
    fc.property(input, (policy) => {
      for (const source of frameAncestors(policy)) expect(source).toMatch(CSP_SOURCE);
    }),
  );
  const ipv6 = { allowedOrigins: ['http://[::1]:5173'], successUrl: 'http://[::1]:5173/ok' };
  expect(frameAncestors({ ...ipv6, mode: 'live' })).toEqual(["'none'"]);
  expect(frameAncestors({ ...ipv6, mode: 'test' })).toEqual([
    'http://localhost:*',
    'https://localhost:*',
    'http://127.0.0.1:*',
    'https://127.0.0.1:*',
  ]);
});
