import { expect, test } from 'vitest';
import { SeedFile } from './seed-file.ts';
import { checkSeedRefs } from './seed-refs.ts';

const product = {
  ref: 'vitamins',
  name: 'Vitamin D',
  price: 1299,
  currency: 'usd',
  merchant_product_id: 'vit-d',
};
const alice = {
  ref: 'alice',
  email: 'alice@example.com',
  payment_methods: [{ ref: 'alice-visa', card_number: '4242424242424242' }],
};
const subscription = {
  customer_id: 'ref:alice',
  payment_method_id: 'ref:alice-visa',
  product_id: 'ref:vitamins',
  amount_cents: 1299,
  currency: 'USD',
  interval: 'monthly',
};

test('a seed holds products, customers with saved cards, links, subscriptions and endpoints, each with a ref', () => {
  const seed = SeedFile.parse({
    products: [product],
    customers: [alice],
    payment_links: [
      {
        ref: 'link',
        amount_cents: 500,
        currency: 'USD',
        description: 'Gift',
        success_url: 'https://shop.example/ok',
      },
    ],
    subscriptions: [subscription],
    webhook_endpoints: [{ ref: 'hook', url: 'https://shop.example/hooks', events: ['*'] }],
  });
  expect(seed.products?.[0]).toMatchObject({ ref: 'vitamins', currency: 'USD', status: 'active' });
  expect(seed.customers?.[0]?.payment_methods[0]).toEqual({
    ref: 'alice-visa',
    card_number: '4242424242424242',
    type: 'card',
  });
  expect(checkSeedRefs(seed)).toEqual([]);
});

test('an unknown field, a card that is no test card, and a bad ref name are refused at their path', () => {
  const cases: [unknown, (string | number)[]][] = [
    [{ products: [{ ...product, colour: 'red' }] }, ['products', 0]],
    [
      { customers: [{ ...alice, payment_methods: [{ card_number: '1234123412341234' }] }] },
      ['customers', 0, 'payment_methods', 0, 'card_number'],
    ],
    [{ products: [{ ...product, ref: 'has space' }] }, ['products', 0, 'ref']],
    [{ subscriptions: [{ ...subscription, product_id: 'vitamins' }] }, ['subscriptions', 0, 'product_id']],
    [{ coupons: [] }, []],
  ];
  for (const [input, path] of cases) {
    const parsed = SeedFile.safeParse(input);
    expect(parsed.success, JSON.stringify(input)).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(path);
  }
});

test('a ref that names nothing, the wrong kind, or another customer’s card is reported naming entry and field', () => {
  const seed = SeedFile.parse({
    products: [product],
    customers: [
      alice,
      {
        ref: 'bob',
        email: 'bob@example.com',
        payment_methods: [{ ref: 'bob-visa', card_number: '4111111111111111' }],
      },
    ],
    subscriptions: [
      { ...subscription, customer_id: 'ref:carol' },
      { ...subscription, product_id: 'ref:alice' },
      { ...subscription, payment_method_id: 'ref:bob-visa' },
    ],
  });
  expect(checkSeedRefs(seed)).toEqual([
    { field: 'subscriptions[0].customer_id', message: 'ref:carol names no entry of the seed' },
    { field: 'subscriptions[1].product_id', message: 'ref:alice names customers[0], which is not a product' },
    {
      field: 'subscriptions[2].payment_method_id',
      message: 'ref:bob-visa is a payment method of customers[1], not of ref:alice',
    },
  ]);
});

test('a name defined twice is reported at its second definition', () => {
  const seed = SeedFile.parse({ products: [product, { ...product, merchant_product_id: 'other' }] });
  expect(checkSeedRefs(seed)).toEqual([
    { field: 'products[1].ref', message: '"vitamins" is already the ref of products[0]' },
  ]);
});
