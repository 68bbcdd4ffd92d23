import fc from 'fast-check';
import { expect, test } from 'vitest';
import { requestTarget } from './request-target.ts';

const ORIGIN = 'http://127.0.0.1:4010';

/** What the server read before: the target through `new URL`. */
function throughUrl(raw: string): { pathname: string; search: string } | undefined {
  try {
    const url = new URL(raw, ORIGIN);
    if (url.username !== '' || url.password !== '') return undefined;
    return { pathname: url.pathname, search: url.search };
  } catch {
    return undefined;
  }
}

test('a client target reads as new URL reads it, query included', () => {
  expect(requestTarget('/v2/orders/ord_abc?expand=items&limit=2', ORIGIN)).toEqual({
    pathname: '/v2/orders/ord_abc',
    search: '?expand=items&limit=2',
  });
  expect(requestTarget('/v2/orders?', ORIGIN)).toEqual({ pathname: '/v2/orders', search: '' });
});

test('targets new URL rewrites are read as it rewrites them (dot segments, encodings, absolute form)', () => {
  for (const raw of [
    '/v2/./orders/../orders/ord_1',
    '/v2/orders/%2e%2E/x',
    '//evil.example/v2/orders',
    '/v2\\orders',
    '/v2/or ders?q=a b',
    '/v2/orders?q=\'x\'&r="y"#frag',
    'http://other.example:9/v2/orders?x=1',
    '/v2/ordérs?ü=1',
  ]) {
    expect(requestTarget(raw, ORIGIN), raw).toEqual(throughUrl(raw));
  }
});

test('a target with user credentials is refused, as new Request refuses it', () => {
  expect(requestTarget('http://user:pw@127.0.0.1/v2/orders', ORIGIN)).toBeUndefined();
});

test('any target reads the same path and query as through new URL', () => {
  const piece = fc.constantFrom(
    '/',
    '.',
    '..',
    '%2e',
    '%2F',
    '%',
    '?',
    '#',
    '\\',
    ' ',
    'a',
    'Z',
    '9',
    '-',
    '_',
    '~',
    "'",
    '"',
    '<',
    '>',
    '&',
    '=',
    'é',
    '\t',
    ':',
    '@',
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
      const raw = `/${pieces.join('')}`;
      expect(requestTarget(raw, ORIGIN)).toEqual(throughUrl(raw));
    }),
    { numRuns: 3000 },
  );
});
