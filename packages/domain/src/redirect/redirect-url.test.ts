import fc from 'fast-check';
import { expect, test } from 'vitest';
import { fillRedirectUrl } from './redirect-url.ts';

const values = { checkoutSessionId: 'cs_abc', orderId: 'ord_xyz', customerEmail: 'jane@example.com' };

test('every known variable is replaced, wherever and however often it appears', () => {
  const template =
    'https://shop.example/done/{CHECKOUT_SESSION_ID}?order={ORDER_ID}&email={CUSTOMER_EMAIL}&again={ORDER_ID}';
  expect(fillRedirectUrl(template, values)).toBe(
    'https://shop.example/done/cs_abc?order=ord_xyz&email=jane%40example.com&again=ord_xyz',
  );
});

test.each([
  ['a plus and an at sign', 'a+b@x.com', 'a%2Bb%40x.com'],
  ['an ampersand', 'a&b=c', 'a%26b%3Dc'],
  ['a slash', 'a/b', 'a%2Fb'],
  ['spaces', 'a b', 'a%20b'],
  ['a hash and a question mark', 'a#b?c', 'a%23b%3Fc'],
  ['non-ASCII letters', 'zoë', 'zo%C3%AB'],
])('a value with %s is URL-encoded', (_, email, encoded) => {
  expect(fillRedirectUrl('https://x.example/?e={CUSTOMER_EMAIL}', { customerEmail: email })).toBe(
    `https://x.example/?e=${encoded}`,
  );
});

test('an encoded value reads back as the original through the URL parser', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme' }), (email) => {
      const url = new URL(
        fillRedirectUrl('https://x.example/?e={CUSTOMER_EMAIL}&n=1', { customerEmail: email }),
      );
      expect(url.searchParams.get('e')).toBe(email);
      expect(url.searchParams.get('n')).toBe('1');
    }),
  );
});

test('a variable without a value becomes empty: no order id before payment', () => {
  const template = 'https://shop.example/cancel?session={CHECKOUT_SESSION_ID}&order={ORDER_ID}';
  expect(fillRedirectUrl(template, { checkoutSessionId: 'cs_abc', orderId: null })).toBe(
    'https://shop.example/cancel?session=cs_abc&order=',
  );
  expect(fillRedirectUrl(template, {})).toBe('https://shop.example/cancel?session=&order=');
});

test('unknown and lower-case placeholders are left untouched', () => {
  const template = 'https://shop.example/?a={UNKNOWN}&b={order_id}&c={}&d={CUSTOMER_EMAIL';
  expect(fillRedirectUrl(template, values)).toBe(template);
});

test('braces a URL parser encoded are recognised', () => {
  const template = new URL('https://shop.example/thanks/{CHECKOUT_SESSION_ID}').href;
  expect(template).toContain('%7BCHECKOUT_SESSION_ID%7D');
  expect(fillRedirectUrl(template, values)).toBe('https://shop.example/thanks/cs_abc');
  expect(fillRedirectUrl('https://shop.example/%7bORDER_ID%7d', values)).toBe('https://shop.example/ord_xyz');
});

test('a value that looks like a variable is not expanded again', () => {
  expect(
    fillRedirectUrl('https://x.example/?e={CUSTOMER_EMAIL}', {
      customerEmail: '{ORDER_ID}',
      orderId: 'ord_1',
    }),
  ).toBe('https://x.example/?e=%7BORDER_ID%7D');
});
