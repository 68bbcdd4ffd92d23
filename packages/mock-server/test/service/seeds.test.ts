// D35: seeds beyond products, cross-referenced by ref, validated in three stages; a bad seed creates nothing.
import { Order, Subscription } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { createMockService, defineSeed, type MockService, SeedError } from '../../src/index.ts';
import { eligibleProduct } from '../support/fixtures.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';
import { verifyIndependently } from '../support/webhook-receiver.ts';

const SECRET = `whsec_${'Seed'.repeat(8)}`;

const SEED = defineSeed({
  products: [
    {
      ref: 'lenses',
      name: 'Daily Contact Lenses 30 Pack',
      price: 4500,
      currency: 'usd',
      merchant_product_id: 'lenses-30',
    },
    {
      name: 'Facial Tissue 3-Ply 120 ct',
      price: 499,
      currency: 'USD',
      merchant_product_id: 'tissue',
      upc_code_or_gtin: '036000291452',
    },
  ],
  customers: [
    {
      ref: 'ada',
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      payment_methods: [
        { ref: 'ada-hsa', card_number: '4242424242424242', type: 'hsa_fsa_card' },
        { ref: 'ada-visa', card_number: '4111111111111111' },
      ],
    },
    {
      ref: 'bob',
      email: 'bob@example.com',
      payment_methods: [{ ref: 'bob-renewals', card_number: '4000000000000341' }],
    },
  ],
  payment_links: [
    {
      ref: 'exam',
      amount_cents: 12_500,
      currency: 'USD',
      description: 'Annual eye exam',
      success_url: 'https://shop.example/ok',
    },
  ],
  subscriptions: [
    {
      ref: 'ada-lenses',
      customer_id: 'ref:ada',
      payment_method_id: 'ref:ada-hsa',
      product_id: 'ref:lenses',
      amount_cents: 4500,
      currency: 'USD',
      interval: 'monthly',
    },
    {
      ref: 'bob-trial',
      customer_id: 'ref:bob',
      payment_method_id: 'ref:bob-renewals',
      amount_cents: 999,
      currency: 'USD',
      interval: 'weekly',
      trial_period_days: 14,
    },
  ],
  webhook_endpoints: [
    { ref: 'hooks', url: 'https://shop.example/webhooks', events: ['order.completed'], secret: SECRET },
  ],
});

const NOW = '2025-03-01T12:00:00.000Z';
const newMock = (): MockService =>
  createMockService({ now: NOW, seed: SEED, webhooks: { fetch: async () => new Response('ok') } });

async function get(mock: MockService, path: string): Promise<unknown> {
  const response = await mock.handle(
    new Request(`http://127.0.0.1/v2${path}`, { headers: { authorization: `Bearer ${mock.keys.test}` } }),
  );
  return response.json();
}

/** What a seed refused with; fails the test when it was not refused. */
function refusal(run: () => unknown): SeedError {
  try {
    run();
  } catch (error) {
    if (error instanceof SeedError) return error;
    throw error;
  }
  throw new Error('the seed was not refused');
}

describe('a seed with refs', () => {
  test('creates every entry in test mode, each ref naming the id it got', async () => {
    const mock = newMock();
    const refs = mock.seedRefs();
    expect(Object.keys(refs).sort()).toEqual(
      [
        'ada',
        'ada-hsa',
        'ada-lenses',
        'ada-visa',
        'bob',
        'bob-renewals',
        'bob-trial',
        'exam',
        'hooks',
        'lenses',
      ].sort(),
    );
    expect(refs['lenses']).toBe(1);
    expect(refs['ada']).toMatch(/^cus_/);
    expect(refs['ada-hsa']).toMatch(/^pm_/);
    expect(refs['exam']).toMatch(/^plink_/);
    expect(refs['hooks']).toMatch(/^whep_/);

    const lenses = Subscription.parse(await mock.getSubscription(String(refs['ada-lenses'])));
    expect(lenses).toMatchObject({
      customer_id: refs['ada'],
      product_id: refs['lenses'],
      merchant_product_id: 'lenses-30',
      status: 'active',
      payment_method: { id: refs['ada-hsa'], type: 'hsa_fsa_card', last4: '4242' },
    });
    const trial = Subscription.parse(await mock.getSubscription(String(refs['bob-trial'])));
    expect(trial).toMatchObject({ status: 'trialing', customer_id: refs['bob'], trial_period_days: 14 });

    // Charged as POST /v2/subscriptions charges: the first period of the subscription without a trial.
    const orders = (await get(mock, '/orders?limit=100')) as { data: Order[] };
    expect(orders.data).toHaveLength(1);
    expect(orders.data[0]).toMatchObject({
      subscription_id: lenses.id,
      is_recurring: true,
      payment_status: 'captured',
      customer: { id: refs['ada'], email: 'ada@example.com', first_name: 'Ada' },
    });
    expect(mock.events().map((event) => event.type)).toEqual([
      'product.created',
      'product.created',
      'payment_link.created',
      'subscription.payment_succeeded',
      'order.created',
      'order.completed',
    ]);
    expect(await get(mock, `/payment-links/${String(refs['exam'])}`)).toMatchObject({ status: 'active' });
    expect(mock.listWebhookEndpoints().map((endpoint) => endpoint.id)).toEqual([refs['hooks']]);
  });

  test('a seeded customer pays with its saved cards, and a seeded endpoint signs with the secret the seed gave it', async () => {
    const received: Request[] = [];
    const mock = createMockService({
      now: NOW,
      seed: SEED,
      webhooks: {
        fetch: async (input, init) => {
          received.push(new Request(input, init));
          return new Response('ok');
        },
      },
    });
    const ada = String(mock.seedRefs()['ada']);
    const { event } = await mock.trigger('order.completed', { objects: { customer: ada, product: 1 } });
    const order = Order.parse(event.data);
    expect(order.customer.id).toBe(ada);
    expect(order.payment?.payment_method_id).toBe(mock.seedRefs()['ada-hsa']);
    await mock.flushWebhooks();
    expect(received.map((request) => request.url)).toEqual(['https://shop.example/webhooks']);
    const delivered = received[0];
    if (delivered === undefined) throw new Error('no delivery');
    const checked = verifyIndependently(
      { headers: Object.fromEntries(delivered.headers), body: await delivered.text() },
      SECRET,
    );
    expect(checked).toMatchObject({ bearer: true, signature: true });
  });

  test('reset() loads the seed again, with new ids, and snapshots carry what it made', async () => {
    const mock = newMock();
    const first = mock.seedRefs();
    await mock.trigger('order.completed');
    mock.reset();
    const again = mock.seedRefs();
    expect(Object.keys(again).sort()).toEqual(Object.keys(first).sort());
    expect(again['ada']).not.toBe(first['ada']);
    expect(((await get(mock, '/orders?limit=100')) as { data: unknown[] }).data).toHaveLength(1);

    const restored = createMockService({ snapshot: mock.snapshot() });
    expect(storeSnapshot(restored)).toBe(storeSnapshot(mock));
    expect(await restored.getSubscription(String(again['bob-trial']))).toMatchObject({ status: 'trialing' });
    restored.clock.advance('14d');
    // The trial ends on the restored copy, and the server charges bob's card, whose charges by the server decline.
    expect(await restored.getSubscription(String(again['bob-trial']))).toMatchObject({ status: 'past_due' });
  });
});

describe('a bad seed creates nothing', () => {
  test('the schema stage lists every problem, naming entry and field', () => {
    const error = refusal(() =>
      createMockService({
        seed: {
          products: [{ name: 'No price', currency: 'USD' } as never, eligibleProduct({ colour: 'red' })],
          customers: [{ email: 'not-an-email', payment_methods: [{ card_number: '1234123412341234' }] }],
        },
      }),
    );
    expect(error.problems.map((problem) => problem.field)).toEqual([
      'products[0].price',
      'products[1].colour',
      'customers[0].email',
      'customers[0].payment_methods[0].card_number',
    ]);
    expect(error.message).toContain('products[0].price: is required');
  });

  test('the ref stage names each ref that resolves to nothing or to the wrong kind', () => {
    const error = refusal(() =>
      createMockService({
        seed: {
          ...SEED,
          subscriptions: [
            { ...SEED.subscriptions?.[0], ref: 'one', customer_id: 'ref:carol' } as never,
            { ...SEED.subscriptions?.[0], ref: 'two', product_id: 'ref:ada' } as never,
          ],
        },
      }),
    );
    expect(error.problems).toEqual([
      { field: 'subscriptions[0].customer_id', message: 'ref:carol names no entry of the seed' },
      { field: 'subscriptions[1].product_id', message: 'ref:ada names customers[0], which is not a product' },
    ]);
  });

  test('the store stage: mock.seed() refuses what clashes with the service, and nothing of it is created', () => {
    const mock = newMock();
    const before = storeSnapshot(mock);
    const endpoints = mock.listWebhookEndpoints().length;
    const error = refusal(() =>
      mock.seed({
        products: [
          { name: 'New', price: 100, currency: 'USD', merchant_product_id: 'new-one' },
          { name: 'Clash', price: 100, currency: 'USD', merchant_product_id: 'lenses-30' },
        ],
        customers: [
          {
            ref: 'ada-again',
            email: 'ADA@example.com',
            payment_methods: [{ ref: 'card', card_number: '4242424242424242' }],
          },
        ],
        payment_links: [
          {
            amount_cents: 100,
            currency: 'USD',
            description: 'Too late',
            success_url: 'https://shop.example/ok',
            expires_at: '2030-01-01T00:00:00Z',
          },
        ],
        subscriptions: [
          {
            customer_id: 'ref:ada-again',
            payment_method_id: 'ref:card',
            amount_cents: 100,
            currency: 'USD',
            interval: 'daily',
          },
        ],
        webhook_endpoints: [{ url: 'https://shop.example/more', events: ['*'] }],
      }),
    );
    expect(error.problems.map((problem) => problem.field)).toEqual([
      'products[1].merchant_product_id',
      'customers[0].email',
      'payment_links[0].expires_at',
    ]);
    expect(storeSnapshot(mock)).toBe(before);
    expect(mock.listWebhookEndpoints()).toHaveLength(endpoints);
    expect(Object.keys(mock.seedRefs())).not.toContain('ada-again');
  });

  test('a good seed given later is loaded, its refs added, and reset() loads it again', () => {
    const mock = newMock();
    const refs = mock.seed({ products: [{ ref: 'extra', name: 'Extra', price: 100, currency: 'USD' }] });
    expect(refs).toEqual({ extra: 3 });
    expect(mock.seedRefs()['extra']).toBe(3);
    mock.reset();
    expect(mock.seedRefs()['extra']).toBe(3);
  });
});
