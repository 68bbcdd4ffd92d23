import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { MockService, RandomSource } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import {
  MOCK_SNAPSHOT_VERSION,
  readSnapshot,
  SnapshotFormatError,
} from '../../src/service/snapshot/mock-snapshot.ts';
import { callEveryOperation } from '../support/every-operation.ts';
import { checkoutRequest, eligibleProduct, paymentLinkRequest, regularProduct } from '../support/fixtures.ts';
import { forkableRandom, seededRandom } from '../support/seeded-random.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';

const OPTIONS = {
  now: '2025-03-01T12:00:00.000Z',
  rateLimit: false,
  webhooks: { fetch: async () => new Response('ok', { status: 200 }) },
} as const;

async function call(
  service: MockService,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${service.keys.test}`, ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const response = await service.handle(new Request(`http://127.0.0.1/v2${path}`, init));
  return { status: response.status, body: await response.json() };
}

const LISTS = [
  '/products?limit=100',
  '/orders?limit=100',
  '/refunds?limit=100',
  '/payment-links?limit=100',
  '/test_helpers/events?limit=100',
  '/test_helpers/disputes?limit=100',
  '/test_helpers/subscriptions?limit=100',
  '/test_helpers/webhook_endpoints',
  '/test_helpers/api_keys',
  '/test_helpers/clock',
];

const lists = async (service: MockService) =>
  Promise.all(LISTS.map(async (path) => [path, await call(service, 'GET', path)] as const));

test('a service restored from its snapshot answers every list, key and object as the original', async () => {
  const { random, fork } = forkableRandom(42);
  const original = createMockService({ ...OPTIONS, random });
  await callEveryOperation(
    async (method, path, body) => (await call(original, method, path, body)).body as never,
  );
  const snapshot = original.snapshot();
  expect(snapshot.version).toBe(MOCK_SNAPSHOT_VERSION);
  let source: RandomSource = seededRandom(7);
  const restored = createMockService({
    ...OPTIONS,
    random: (size) => source(size),
    snapshot: JSON.parse(JSON.stringify(snapshot)),
  });
  source = fork();
  expect(restored.keys).toEqual(original.keys);
  expect(restored.dashboardToken).toBe(original.dashboardToken);
  expect(storeSnapshot(restored)).toBe(storeSnapshot(original));
  expect(await lists(restored)).toEqual(await lists(original));
  expect(restored.snapshot().tables).toEqual(snapshot.tables);
  // Two days later the jobs rebuilt from the objects (expiries, renewals) run as the original's do.
  original.clock.advance('2d');
  restored.clock.advance('2d');
  expect(JSON.parse(storeSnapshot(restored))).toEqual(JSON.parse(storeSnapshot(original)));
});

test('reset() of a restored service comes back to the snapshot', async () => {
  const original = createMockService(OPTIONS);
  await call(original, 'POST', '/products', eligibleProduct());
  const snapshot = original.snapshot();
  const restored = createMockService({ ...OPTIONS, snapshot });
  await call(restored, 'POST', '/products', regularProduct());
  restored.reset();
  expect(storeSnapshot(restored)).toBe(storeSnapshot(original));
});

test('a snapshot of another format version is refused with a message naming both versions', () => {
  const snapshot = createMockService(OPTIONS).snapshot();
  expect(() => createMockService({ snapshot: { ...snapshot, version: 99 } })).toThrow(SnapshotFormatError);
  expect(() => readSnapshot({ ...snapshot, version: 99 })).toThrow(/version 99 .*reads version 1/);
  expect(() => readSnapshot({ tables: {} })).toThrow(/Not a glm-mock snapshot/);
});

type Op =
  | { kind: 'product'; n: number }
  | { kind: 'checkout'; n: number; key: number | null }
  | { kind: 'pay'; pick: number; card: string }
  | { kind: 'refund'; pick: number; cents: number }
  | { kind: 'dispute'; pick: number }
  | { kind: 'link'; pick: number }
  | { kind: 'subscribe'; pick: number; trial: number }
  | { kind: 'advance'; seconds: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('product' as const), n: fc.nat(3) }),
  fc.record({
    kind: fc.constant('checkout' as const),
    n: fc.nat(3),
    key: fc.option(fc.nat(2), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    pick: fc.nat(20),
    card: fc.constantFrom('4242424242424242', '4000000000000002', '4000000000000259'),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(20),
    cents: fc.integer({ min: 1, max: 900 }),
  }),
  fc.record({ kind: fc.constant('dispute' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('link' as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('subscribe' as const), pick: fc.nat(20), trial: fc.constantFrom(0, 7) }),
  fc.record({
    kind: fc.constant('advance' as const),
    seconds: fc.constantFrom(30, 61, 3600, 86_400 + 1, 8 * 86_400, 31 * 86_400),
  }),
);

/** Plays one operation; ids are picked among what the service answered so far, in order. */
async function play(service: MockService, step: Op, seen: { checkouts: string[]; orders: string[] }) {
  const pick = (ids: string[], n: number) => ids[n % Math.max(ids.length, 1)] ?? 'none';
  switch (step.kind) {
    case 'product':
      return call(service, 'POST', '/products', regularProduct({ merchant_product_id: `sku-${step.n}` }));
    case 'checkout': {
      const headers: Record<string, string> = step.key === null ? {} : { 'idempotency-key': `k${step.key}` };
      const answer = await call(service, 'POST', '/checkout', checkoutRequest([`sku-${step.n}`]), headers);
      const id = (answer.body as { data?: { checkout_id?: string } }).data?.checkout_id;
      if (answer.status === 201 && id !== undefined && !seen.checkouts.includes(id)) seen.checkouts.push(id);
      return answer;
    }
    case 'pay': {
      const answer = await call(
        service,
        'POST',
        `/test_helpers/checkout/${pick(seen.checkouts, step.pick)}/pay`,
        {
          card_number: step.card,
        },
      );
      const id = (answer.body as { order?: { id?: string } }).order?.id;
      if (id !== undefined) seen.orders.push(id);
      return answer;
    }
    case 'refund':
      return call(service, 'POST', '/refunds', {
        order_id: pick(seen.orders, step.pick),
        amount_cents: step.cents,
        reason: 'other',
      });
    case 'dispute':
      return call(service, 'POST', `/test_helpers/orders/${pick(seen.orders, step.pick)}/dispute`, {});
    case 'link':
      return call(service, 'POST', '/payment-links', paymentLinkRequest({ amount_cents: 100 + step.pick }));
    case 'subscribe': {
      const order = await call(service, 'GET', `/orders/${pick(seen.orders, step.pick)}`);
      const paid = order.body as { customer?: { id: string }; payment?: { payment_method_id: string } };
      return call(service, 'POST', '/subscriptions', {
        customer_id: paid.customer?.id ?? 'cus_none',
        payment_method_id: paid.payment?.payment_method_id ?? 'pm_none',
        amount_cents: 2500,
        currency: 'USD',
        interval: 'monthly',
        ...(step.trial > 0 ? { trial_days: step.trial } : {}),
      });
    }
    case 'advance':
      return call(service, 'POST', '/test_helpers/clock/advance', { seconds: step.seconds });
    default: {
      const never: never = step;
      return never;
    }
  }
}

test('any sequence of operations, snapshot, restore: the same operations then answer the same', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(op, { maxLength: 14 }),
      fc.array(op, { maxLength: 10 }),
      fc.integer({ min: 1, max: 2 ** 31 }),
      async (before, after, seed) => {
        const { random, fork } = forkableRandom(seed);
        const original = createMockService({ ...OPTIONS, random });
        const seen = { checkouts: [] as string[], orders: [] as string[] };
        await call(original, 'POST', '/products', eligibleProduct());
        for (const step of before) await play(original, step, seen);
        const snapshot = JSON.parse(JSON.stringify(original.snapshot()));
        // Creation draws a few bytes (default secrets); the restored service then draws what the original would.
        let source: RandomSource = seededRandom(7);
        const restored = createMockService({ ...OPTIONS, random: (size) => source(size), snapshot });
        source = fork();
        const seenCopy = { checkouts: [...seen.checkouts], orders: [...seen.orders] };
        for (const step of after) {
          expect(await play(restored, step, seenCopy)).toEqual(await play(original, step, seen));
        }
        expect(storeSnapshot(restored)).toBe(storeSnapshot(original));
        expect(await lists(restored)).toEqual(await lists(original));
      },
    ),
    {
      numRuns: 60,
      // Found by this test: two sessions expiring at one instant must expire in creation order.
      examples: [
        [
          [
            { kind: 'checkout', n: 0, key: null },
            { kind: 'checkout', n: 0, key: null },
          ],
          [{ kind: 'advance', seconds: 86_401 }],
          1,
        ],
      ],
    },
  );
}, 60_000);
