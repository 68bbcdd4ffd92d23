import { MerchantWithKeys } from '@glm/domain/test-helpers';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { createMockService, type MockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct, paymentLinkRequest } from '../support/fixtures.ts';

// D34, proven: two merchants' operations interleaved on one server leave each merchant's view (every
// list and get, events, deliveries, fault rules, clock, request journal) exactly as a run of that
// merchant alone leaves it. Ids differ between runs, so views are compared with every id (and every
// other random token) replaced by its order of first appearance.

const START = '2025-03-01T12:00:00.000Z';
const UNKNOWN = 'x_unknown';

/** What each operation remembers, by kind, in creation order: later operations pick from these. */
interface Made {
  readonly checkouts: string[];
  readonly orders: string[];
  readonly refunds: string[];
  readonly links: string[];
  readonly endpoints: string[];
}

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

const pick = (list: readonly string[], index: number): string =>
  list.length === 0 ? UNKNOWN : (list[index % list.length] ?? UNKNOWN);
const field = (body: unknown, ...path: string[]): string | undefined => {
  let value = body;
  for (const key of path) value = (value as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : undefined;
};
const remember = (list: string[], id: string | undefined): void => {
  if (id !== undefined) list.push(id);
};

/** One operation of a merchant's suite. */
type Operation = (call: Call, made: Made) => Promise<void>;

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.integer({ min: 0, max: 3 }).map(
    (n): Operation =>
      async (call) => {
        await call(
          'POST',
          '/v2/products',
          eligibleProduct({ merchant_product_id: `sku-${n}`, name: `Item ${n}` }),
        );
      },
  ),
  fc.integer({ min: 0, max: 3 }).map(
    (n): Operation =>
      async (call, made) => {
        const reply = await call(
          'POST',
          '/v2/checkout',
          checkoutRequest([n === 0 ? 'sku-ibuprofen' : `sku-${n}`]),
        );
        remember(made.checkouts, field(reply.body, 'data', 'checkout_id'));
      },
  ),
  fc.tuple(fc.nat(), fc.constantFrom('4242424242424242', '4000000000000002', '4000000000000259')).map(
    ([index, card]): Operation =>
      async (call, made) => {
        const reply = await call('POST', `/v2/test_helpers/checkout/${pick(made.checkouts, index)}/pay`, {
          card_number: card,
        });
        remember(made.orders, field(reply.body, 'order', 'id'));
      },
  ),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 1500 })).map(
    ([index, amount]): Operation =>
      async (call, made) => {
        const reply = await call('POST', '/v2/refunds', {
          order_id: pick(made.orders, index),
          amount_cents: amount,
          reason: 'other',
        });
        remember(made.refunds, field(reply.body, 'id'));
      },
  ),
  fc.nat().map(
    (index): Operation =>
      async (call, made) => {
        await call('POST', `/v2/test_helpers/refunds/${pick(made.refunds, index)}/succeed`, {});
      },
  ),
  fc.constant<Operation>(async (call, made) => {
    remember(made.links, field((await call('POST', '/v2/payment-links', paymentLinkRequest())).body, 'id'));
  }),
  fc.nat().map(
    (index): Operation =>
      async (call, made) => {
        const reply = await call('POST', `/v2/test_helpers/payment-links/${pick(made.links, index)}/pay`, {});
        remember(made.orders, field(reply.body, 'order', 'id'));
      },
  ),
  fc.integer({ min: 1, max: 3 * 86_400 }).map(
    (seconds): Operation =>
      async (call) => {
        await call('POST', '/v2/test_helpers/clock/advance', { seconds });
      },
  ),
  fc.integer({ min: 1, max: 2 }).map(
    (times): Operation =>
      async (call) => {
        await call('POST', '/v2/test_helpers/faults', {
          match: { operation: 'listOrders' },
          fault: { status: 503 },
          times,
        });
      },
  ),
  fc.constant<Operation>(async (call) => {
    await call('GET', '/v2/orders');
  }),
  fc.constant<Operation>(async (call) => {
    await call('POST', '/v2/test_helpers/reset', {});
  }),
  fc.constant<Operation>(async (call, made) => {
    const reply = await call('POST', '/v2/test_helpers/webhook_endpoints', {
      url: 'https://hooks.example.com/glm',
      events: ['*'],
    });
    remember(made.endpoints, field(reply.body, 'id'));
  }),
  fc.nat().map(
    (index): Operation =>
      async (call, made) => {
        await call('DELETE', `/v2/test_helpers/webhook_endpoints/${pick(made.endpoints, index)}`);
      },
  ),
);

/** A server with a second merchant on it, both starting from the same seed; answers a caller per merchant. */
async function serverWithTwoMerchants(): Promise<{ service: MockService; calls: [Call, Call] }> {
  const service = createMockService({
    now: START,
    rateLimit: false,
    seed: { products: [eligibleProduct()] },
    webhooks: { fetch: async () => new Response(null, { status: 204 }) },
  });
  const callWith =
    (key: string): Call =>
    async (method, path, body) => {
      const response = await service.handle(
        new Request(`http://127.0.0.1${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    };
  const first = callWith(service.keys.test);
  const created = await first('POST', '/v2/test_helpers/merchants', { name: 'second' });
  const second = MerchantWithKeys.parse(created.body);
  return { service, calls: [first, callWith(second.keys.test)] };
}

const LISTS = [
  '/v2/products?limit=100',
  '/v2/orders?limit=100',
  '/v2/refunds?limit=100',
  '/v2/payment-links?limit=100',
  '/v2/subscriptions?limit=100',
  '/v2/test_helpers/disputes?limit=100',
  '/v2/test_helpers/events?limit=100',
  '/v2/test_helpers/webhook_endpoints',
  '/v2/test_helpers/webhook_deliveries?limit=100',
  '/v2/test_helpers/faults',
  '/v2/test_helpers/clock',
  '/v2/test_helpers/merchants/current',
];

/** Everything a merchant sees, with ids and tokens replaced by their order of first appearance. */
async function viewOf(call: Call, made: Made): Promise<string> {
  await call('POST', '/v2/test_helpers/webhooks/flush', {});
  const seen: unknown[] = [];
  for (const path of LISTS) seen.push(path, await call('GET', path));
  for (const id of made.checkouts) seen.push(await call('GET', `/v2/checkout/${id}`));
  for (const id of made.orders) seen.push(await call('GET', `/v2/orders/${id}`));
  for (const id of made.refunds) seen.push(await call('GET', `/v2/refunds/${id}`));
  for (const id of made.links) seen.push(await call('GET', `/v2/payment-links/${id}`));
  seen.push(await call('GET', '/v2/test_helpers/requests?limit=100'));
  // A request's duration is the only real-time measurement in the view.
  const text = JSON.stringify(seen, (key, value: unknown) => (key === 'duration_ms' ? 0 : value));
  const order = new Map<string, string>();
  return text.replace(/(?:[a-z]+_)?[0-9A-Za-z]{16,}/g, (token) => {
    let mapped = order.get(token);
    if (mapped === undefined) {
      mapped = `#${order.size}`;
      order.set(token, mapped);
    }
    return mapped;
  });
}

const newMade = (): Made => ({ checkouts: [], orders: [], refunds: [], links: [], endpoints: [] });

/** Runs the steps of the merchants in `only` (both when omitted) and answers each merchant's view. */
async function run(
  steps: readonly { readonly merchant: 0 | 1; readonly operation: Operation }[],
  only?: 0 | 1,
): Promise<[string, string]> {
  const { calls } = await serverWithTwoMerchants();
  const made: [Made, Made] = [newMade(), newMade()];
  for (const step of steps) {
    if (only === undefined || only === step.merchant)
      await step.operation(calls[step.merchant], made[step.merchant]);
  }
  return [await viewOf(calls[0], made[0]), await viewOf(calls[1], made[1])];
}

test('two merchants interleaved on one server each see exactly what they see alone (property)', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ merchant: fc.constantFrom(0 as const, 1 as const), operation }), {
        minLength: 1,
        maxLength: 24,
      }),
      async (steps) => {
        const [first, second] = await run(steps);
        const [firstAlone] = await run(steps, 0);
        const [, secondAlone] = await run(steps, 1);
        expect(first).toBe(firstAlone);
        expect(second).toBe(secondAlone);
      },
    ),
    { numRuns: 40 },
  );
}, 60_000);

test('the views the property compares show what the operations did', async () => {
  const made = newMade();
  const { calls } = await serverWithTwoMerchants();
  const [, call] = calls;
  const checkout = await call('POST', '/v2/checkout', checkoutRequest(['sku-ibuprofen']));
  remember(made.checkouts, field(checkout.body, 'data', 'checkout_id'));
  await call('POST', `/v2/test_helpers/checkout/${pick(made.checkouts, 0)}/pay`, {});
  const view = await viewOf(call, made);
  expect(view).toContain('"order.completed"');
  expect(view).toContain('"status":"paid"');
  // A view of a merchant that did nothing differs from it.
  expect(await viewOf(calls[0], newMade())).not.toBe(view);
});
