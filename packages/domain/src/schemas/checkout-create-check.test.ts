import { checkoutRequest } from '@glm/test-fixtures';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseRequest } from '../errors/parse-request.ts';
import { CheckoutCreate } from './checkout-create-body.ts';
import { checkCheckoutCreate } from './checkout-create-check.ts';
import { normalizeCheckoutRequest } from './normalize-checkout-request.ts';
import { checkoutGuideBody, checkoutReferenceBody } from './test-support/fixtures.ts';

// Values a field may take, the valid ones first: every generated body mixes them, so the check meets
// outer whitespace, case, bounds, wrong types and URLs that zod rewrites.
const TEXT_OK = ['Ada', '  padded  ', 'x'.repeat(255), 'Ünïcödé ✓', ` ${'y'.repeat(255)} `];
const TEXT_BAD = ['', '   ', 'x'.repeat(256), 42, null, ['a']];
const EMAIL_OK = ['ada@example.com', "o'neil+tag@mail.example.org", `${'a'.repeat(243)}@example.com`];
const EMAIL_BAD = [' ada@example.com', 'ada@', `${'a'.repeat(244)}@example.com`, 'ada@example', 7];
const URL_OK = ['https://shop.example.com/ok?x=1', 'HTTP://EXAMPLE.COM', 'http://127.0.0.1:8080/a'];
const URL_ODD = [
  ' https://shop.example.com/padded ',
  'https://exa\nmple.com/',
  'http://127.0.0.1:8080/a b',
  'http:example.com',
  'ftp://files.example.com',
  'https://',
  `https://example.com/${'a'.repeat(2030)}`,
  `https://example.com/${'a'.repeat(2029)}`,
  'mailto:ada@example.com',
  'https://[::1]/',
  'https://exa mple.com',
  12,
];
const CENTS_OK = [0, 1, 1299, -0, 2 ** 40];
const CENTS_BAD = [-1, 1.5, 2 ** 53, '100', null, Number.MAX_SAFE_INTEGER];
const QUANTITY = [1, 3, 10_000, 0, 10_001, 2.5, '1'];
const CURRENCY = ['USD', 'usd', ' Usd ', 'EUR', 'US', 'ÜSD', 1];
const COUNTRY = ['US', 'ca', ' gb ', 'ß', 'USA', 'U1', '', 5];
const POSTAL = ['62701', ' 10001 ', '', 'x'.repeat(21), 62701];
const METADATA = [
  {},
  { order: '1001' },
  { k: 'x'.repeat(500) },
  { '10': 'numeric key first', b: 'b' },
  Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])),
  { '': 'empty key' },
  { a: 1 },
  { webhook_url: 'ftp://nope.example' },
  JSON.parse('{"__proto__":"x"}'),
  JSON.parse('{"constructor":"x"}'),
  Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v'])),
  { [`${'k'.repeat(40)}`]: 'v' },
  { [`${'k'.repeat(41)}`]: 'v' },
  { long: 'x'.repeat(501) },
];
const SUBSCRIPTION = [
  { interval: 'monthly' },
  { interval: 'weekly', interval_count: 2, trial_period_days: 14 },
  {},
  { interval: 'hourly' },
  { interval_count: 0 },
  { interval: 'yearly', extra: true },
  { interval: 'monthly', interval_count: 365, trial_period_days: 730 },
  { interval: 'monthly', interval_count: 366 },
  { interval: 'monthly', interval_count: 0 },
  { interval: 'daily', trial_period_days: 731 },
  { interval: 'daily', trial_period_days: -1 },
  { interval: 'daily', trial_period_days: 1.5 },
];
const LINE = { name: 'Mug', quantity: 1, product_id: 'sku-mug', price: 1000 };

const TEXT = [...TEXT_OK, ...TEXT_BAD];
const URLS = [...URL_OK, ...URL_ODD];
const CENTS = [...CENTS_OK, ...CENTS_BAD];

/** The values a mutation may give a key, by the key's name: valid and invalid ones for that field. */
const POOLS: Readonly<Record<string, readonly unknown[]>> = {
  reference_id: TEXT,
  name: TEXT,
  first_name: TEXT,
  last_name: TEXT,
  address_line_1: TEXT,
  city: TEXT,
  state: TEXT,
  product_id: TEXT,
  merchant_product_id: TEXT,
  address_line_2: ['Apt 4', '', ' x ', 'x'.repeat(255), 'x'.repeat(256), 3],
  phone: ['+1 555 0100', ' ', 'x'.repeat(40), ` ${'x'.repeat(40)} `, 'x'.repeat(41)],
  email: [...EMAIL_OK, ...EMAIL_BAD],
  success_url: URLS,
  failure_url: URLS,
  cancel_url: URLS,
  image_url: URLS,
  price: CENTS,
  price_cents: CENTS,
  shipping: CENTS,
  tax: CENTS,
  discount: CENTS,
  shipping_cents: CENTS,
  tax_cents: CENTS,
  discount_cents: CENTS,
  quantity: QUANTITY,
  currency: CURRENCY,
  country: COUNTRY,
  postal_code: POSTAL,
  zip: POSTAL,
  metadata: METADATA,
  subscription: SUBSCRIPTION,
  payment_type: ['one_time', 'subscription', 'other'],
  interval: ['daily', 'yearly', 'hourly', 1],
  interval_count: [1, 365, 0, 366, '2'],
  trial_period_days: [0, 730, 731, -1],
  line_items: [[], Array(100).fill(LINE), Array(101).fill(LINE), [LINE, 'not a line'], 'not a list'],
  customer: [{}, null, 'Ada'],
  shipping_info: [{}, null],
  billing_info: [{}, null],
  amounts: [{}, { tax_cents: 80 }, null],
  unknown_field: ['x', undefined],
};

type Json = Record<string, unknown> | unknown[];

/** What a JSON body carries: the generated value after a round trip (the check serves parsed JSON). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const wellFormedLine = fc.record({
  name: fc.constantFrom(...TEXT_OK),
  quantity: fc.integer({ min: 1, max: 10_000 }),
  id: fc.constantFrom(...TEXT_OK),
  price: fc.integer({ min: 0, max: 1_000_000 }),
  currency: fc.constantFrom('USD', 'usd', ' Usd '),
  image: fc.option(fc.constantFrom(...URL_OK), { nil: undefined }),
  guide: fc.boolean(),
});

/** Bodies zod accepts, in the reference spelling, the guide's, or a mix, with optional fields or not. */
const wellFormed = fc
  .record({
    lines: fc.array(wellFormedLine, { minLength: 1, maxLength: 5 }),
    guide: fc.boolean(),
    country: fc.constantFrom('US', 'ca', ' gb ', 'ß'),
    metadata: fc.constantFrom(undefined, ...METADATA.slice(0, 4)),
    subscription: fc.constantFrom(undefined, ...SUBSCRIPTION.slice(0, 2)),
    url: fc.constantFrom(...URL_OK),
    phone: fc.option(fc.constantFrom('+1 555 0100', ' 555 '), { nil: undefined }),
    billing: fc.boolean(),
  })
  .map(({ lines, guide, country, metadata, subscription, url: page, phone, billing }) => {
    const shipping = {
      address_line_1: '1 Main St',
      address_line_2: 'Apt 4',
      city: 'Springfield',
      state: 'IL',
      country,
    };
    return asJson({
      reference_id: 'cart-1',
      customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone },
      success_url: page,
      metadata,
      ...(subscription === undefined ? {} : { payment_type: 'subscription', subscription }),
      line_items: lines.map((item) => ({
        name: item.name,
        image_url: item.image,
        quantity: item.quantity,
        ...(item.guide
          ? { merchant_product_id: item.id, price_cents: item.price }
          : { product_id: item.id, price: item.price, currency: item.currency }),
      })),
      shipping_info: guide ? { ...shipping, zip: '62701' } : { ...shipping, postal_code: '62701' },
      ...(billing ? { billing_info: { ...shipping, postal_code: ' 10001 ' } } : {}),
      ...(guide
        ? { amounts: { shipping_cents: 500, tax_cents: 80 }, cancel_url: page }
        : { shipping: 500, tax: 80, discount: 0, failure_url: page }),
    });
  });

/** Every object and array in a body, with the keys it holds. */
function containers(value: unknown, found: Json[] = []): Json[] {
  if (typeof value !== 'object' || value === null) return found;
  found.push(value as Json);
  for (const child of Object.values(value)) containers(child, found);
  return found;
}

/** One change somewhere in a body: a value replaced, a key deleted, or an unknown key added. */
const mutation = fc.record({
  at: fc.nat(),
  key: fc.nat(),
  kind: fc.constantFrom('set', 'set', 'set', 'delete', 'add'),
  value: fc.nat(),
});

/** Well-formed bodies with up to three changes each: a mix of accepted and refused bodies. */
const anyBody = fc.tuple(wellFormed, fc.array(mutation, { maxLength: 2 })).map(([generated, changes]) => {
  // Copies: the generated body and the pools' objects stay as they are for fast-check's shrinking.
  const body = structuredClone(generated);
  for (const { at, key, kind, value } of changes) {
    const all = containers(body);
    const target = all[at % all.length] as Record<string, unknown>;
    const keys = Object.keys(target);
    const name = kind === 'add' || keys.length === 0 ? 'unknown_field' : (keys[key % keys.length] as string);
    const pool = POOLS[name] ?? POOLS['unknown_field'] ?? [];
    if (kind === 'delete') delete target[name];
    else target[name] = structuredClone(pool[value % pool.length]);
  }
  return asJson(body);
});

describe('the hand check of a checkout creation body', () => {
  // 5,000 bodies take about 2 s alone, and more than vitest's default 5 s while the whole suite shares
  // two cores: the time limit is the property's, not the default.
  test('answers only what zod answers, with the same value and key order', { timeout: 30_000 }, () => {
    let answered = 0;
    fc.assert(
      fc.property(anyBody, (body) => {
        const checked = checkCheckoutCreate(body);
        if (checked === undefined) return;
        answered++;
        const parsed = CheckoutCreate.safeParse(body);
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(checked)).toBe(JSON.stringify(parsed.data));
        expect(checked).toStrictEqual(parsed.data);
      }),
      { numRuns: 5000 },
    );
    // About a quarter of the bodies are unchanged or still well-formed: the property is not vacuous.
    expect(answered).toBeGreaterThan(500);
  });

  test('answers every well-formed body in either spelling, as zod does', () => {
    fc.assert(
      fc.property(wellFormed, (body) => {
        const parsed = CheckoutCreate.safeParse(body);
        expect(parsed.success).toBe(true);
        expect(checkCheckoutCreate(body)).toStrictEqual(parsed.data);
      }),
      { numRuns: 500 },
    );
  });

  test('judges return URLs the same however many other stores sent theirs before', () => {
    const body = checkoutReferenceBody();
    const withUrl = (url: string) => ({ ...body, success_url: url });
    for (let store = 0; store < 200; store += 1) {
      const url = `https://store-${store}.example.com/paid`;
      expect(checkCheckoutCreate(withUrl(url))).toStrictEqual(CheckoutCreate.parse(withUrl(url)));
      expect(checkCheckoutCreate(withUrl(`ftp://store-${store}.example.com/`))).toBeUndefined();
    }
  });

  test('answers the example bodies of both spellings and the shared request builder', () => {
    for (const body of [checkoutReferenceBody(), checkoutGuideBody(), checkoutRequest(['sku-1', 'sku-2'])]) {
      const json = asJson(body);
      expect(checkCheckoutCreate(json)).toStrictEqual(CheckoutCreate.parse(json));
    }
  });

  test('leaves a reserved key to parseRequest, which refuses it', () => {
    const body = {
      ...(asJson(checkoutReferenceBody()) as object),
      metadata: JSON.parse('{"__proto__":"x"}'),
    };
    expect(checkCheckoutCreate(body)).toBeUndefined();
    const parsed = parseRequest(CheckoutCreate, body, 'checkout.create');
    expect(parsed.ok ? undefined : [parsed.code, parsed.param]).toEqual([
      'bad_request',
      'metadata.__proto__',
    ]);
  });

  test('leaves contradicting spellings and a discount above the total to zod, which refuses them', () => {
    const reference = asJson(checkoutReferenceBody()) as Record<string, unknown>;
    for (const change of [{ cancel_url: 'https://shop.example.com/other' }, { discount: 10_000_000 }]) {
      const body = { ...reference, ...change };
      expect(checkCheckoutCreate(body)).toBeUndefined();
      expect(parseRequest(CheckoutCreate, body, 'checkout.create').ok).toBe(false);
    }
  });

  test('leaves values JSON cannot hold to zod: symbol keys, arrays in place of objects, keys beside indexes', () => {
    const reference = () => asJson(checkoutReferenceBody()) as Record<string, unknown>;
    const withSymbol = { ...reference(), metadata: { order: '1', [Symbol('s')]: 'x' } };
    const arrayCustomer = { ...reference(), customer: Object.assign([], reference()['customer']) };
    Object.setPrototypeOf(arrayCustomer.customer, Object.prototype);
    const extraKey = reference();
    Object.defineProperty(extraKey['line_items'], 'constructor', { value: 'x', enumerable: true });
    for (const body of [withSymbol, arrayCustomer, extraKey]) {
      expect(checkCheckoutCreate(body)).toBeUndefined();
    }
    expect(CheckoutCreate.safeParse(withSymbol).success).toBe(false);
    expect(CheckoutCreate.safeParse(arrayCustomer).success).toBe(false);
  });

  test("hands its normalized form to the next normalizeCheckoutRequest: the form zod's path gives, a fresh object each call", () => {
    fc.assert(
      fc.property(wellFormed, (body) => {
        const checked = checkCheckoutCreate(body);
        if (checked === undefined) return;
        const handed = normalizeCheckoutRequest(checked);
        const again = normalizeCheckoutRequest(checked);
        const fromZod = normalizeCheckoutRequest(CheckoutCreate.parse(body));
        expect(handed).toEqual(fromZod);
        expect(again).toEqual(fromZod);
        expect(handed.ok && again.ok && handed.value !== again.value).toBe(true);
      }),
    );
  });
});
