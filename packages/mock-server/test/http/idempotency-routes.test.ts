import { WEBHOOK_RETRY_SCHEDULE_MS } from '@glm/domain/machines';
import { describe, expect, test } from 'vitest';
import { routes } from '../../src/http/routes.ts';
import {
  checkoutRequest,
  eligibleProduct,
  paymentLinkRequest,
  subscriptionRequest,
} from '../support/fixtures.ts';
import { errorOf, type Harness, type Reply, TRANSPORTS, useHarness } from '../support/harness.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';
import { buildWorld, pathFor, type World } from '../support/world.ts';

/** A request that changes state on a route, and how to make its target ready first. */
interface Replayable {
  readonly body: (world: World, harness: Harness) => unknown;
  readonly prepare?: (harness: Harness, world: World) => Promise<void>;
}

/** Lets the world's delivery run out of attempts, so that a resend is a real state change. */
async function failDelivery(harness: Harness): Promise<void> {
  for (const delay of WEBHOOK_RETRY_SCHEDULE_MS.slice(1)) {
    harness.service.clock.advance(delay);
    await harness.service.flushWebhooks();
  }
}

/** A body made from the harness's state when first asked, and the same body when asked again. */
const once = <T>(make: (harness: Harness) => T): ((harness: Harness) => T) => {
  const made = new WeakMap<Harness, T>();
  return (harness) => {
    if (!made.has(harness)) made.set(harness, make(harness));
    return made.get(harness) as T;
  };
};
const aMinuteOn = once((harness) => new Date(harness.service.clock.now().getTime() + 60_000).toISOString());
const itsSnapshot = once((harness) => harness.service.snapshot());

/** Every POST route of the table (D25: every state-changing POST takes an Idempotency-Key). */
const REPLAYABLE: Readonly<Record<string, Replayable>> = {
  '/products': { body: () => eligibleProduct({ merchant_product_id: 'sku-new' }) },
  '/products/check-eligibility': { body: () => ({ product_name: 'Ibuprofen tablets' }) },
  '/checkout': { body: () => checkoutRequest(['sku-ibuprofen'], { reference_id: 'cart-replay' }) },
  '/test_helpers/checkout/:id/pay': { body: () => ({ hsa_card_number: '4242424242424242' }) },
  '/test_helpers/checkout/:id/cancel': { body: () => ({}) },
  '/test_helpers/clock/advance': { body: () => ({ seconds: 60 }) },
  '/test_helpers/api_keys': { body: () => ({ mode: 'test', name: 'CI' }) },
  '/test_helpers/eligibility/refresh': {
    body: () => ({
      version: '2099-01',
      entries: [
        {
          upc_code_or_gtin: '074100001236',
          hsa_fsa_eligible: false,
          eligibility_type: null,
          reason: 'Delisted',
        },
      ],
    }),
  },
  '/payment-links': { body: () => paymentLinkRequest({ description: 'Replayed link' }) },
  '/payment-links/:id/cancel': { body: () => ({ reason: 'duplicate' }) },
  '/test_helpers/payment-links/:id/pay': { body: () => ({}) },
  '/refunds': { body: (world) => ({ order_id: world.orderId, amount_cents: 50, reason: 'other' }) },
  '/subscriptions': { body: (world) => subscriptionRequest(world.customerId, world.paymentMethodId) },
  '/subscriptions/:id/cancel': { body: () => ({ reason: 'too expensive' }) },
  '/test_helpers/refunds/:id/succeed': { body: () => ({}) },
  '/test_helpers/refunds/:id/fail': { body: () => ({}) },
  '/test_helpers/orders/:id/dispute': { body: () => ({ reason: 'fraudulent' }) },
  '/test_helpers/orders/:id/capture': { body: () => ({}) },
  '/test_helpers/orders/:id/fail': { body: () => ({ reason: 'Capture refused' }) },
  '/test_helpers/disputes/:id/close': { body: () => ({ outcome: 'lost' }) },
  '/test_helpers/webhook_endpoints': {
    body: () => ({ url: 'https://hooks.example/replay', events: ['order.created'] }),
  },
  '/test_helpers/webhook_deliveries/:id/resend': { body: () => ({}), prepare: failDelivery },
  '/test_helpers/webhooks/flush': { body: () => ({}) },
  '/test_helpers/clock/set': { body: (_world, harness) => ({ now: aMinuteOn(harness) }) },
  '/test_helpers/faults': {
    body: () => ({ match: { method: 'GET', path: '/v2/orders' }, fault: { status: 503 } }),
  },
  '/test_helpers/reset': { body: () => ({}) },
  '/test_helpers/future': { body: () => ({ fields: false }) },
  '/test_helpers/merchants': { body: () => ({ name: 'CI' }) },
  '/test_helpers/snapshot': { body: (_world, harness) => itsSnapshot(harness) },
  '/test_helpers/triggers': {
    body: (world) => ({ type: 'refund.created', objects: { order: world.orderId } }),
  },
};

const POST_PATHS = routes.filter((route) => route.method === 'POST').map((route) => route.path);

/** The answer without the checkout envelope's request id, which is new on every answer. */
const comparable = (reply: Reply): unknown => {
  const body = reply.body as Record<string, unknown>;
  if (typeof body !== 'object' || body === null || !('metadata' in body)) return body;
  const { metadata: _, ...rest } = body;
  return rest;
};

test('the replay table names every POST route of the server, and nothing else', () => {
  expect(Object.keys(REPLAYABLE).sort()).toEqual([...POST_PATHS].sort());
});

describe.each(TRANSPORTS)('Idempotency-Key on every POST route over %s', (transport) => {
  const harness = useHarness(transport);

  test.each(POST_PATHS)(
    'POST %s repeated with its key replays the first answer and does nothing again',
    async (routePath) => {
      const h = harness();
      const world = await buildWorld(h);
      const replayable = REPLAYABLE[routePath];
      if (replayable === undefined) throw new Error(`no replay case for ${routePath}`);
      await replayable.prepare?.(h, world);
      const path = `/v2${pathFor(routePath, world)}`;
      const send = () =>
        h.request('POST', path, {
          body: replayable.body(world, h),
          headers: { 'idempotency-key': `replay ${routePath}` },
        });

      const first = await send();
      expect(first.status, path).toBeLessThan(300);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      // The first answer's events start delivery attempts; let them finish before taking the picture.
      await h.service.flushWebhooks();
      const state = storeSnapshot(h.service);
      const clock = h.service.clock.now().getTime();
      const deliveries = JSON.stringify(h.service.deliveries());
      const endpoints = h.service.listWebhookEndpoints().length;

      const again = await send();
      expect(again.status).toBe(first.status);
      // Byte for byte: the body (an envelope's metadata.request_id included) and the x-request-id.
      expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
      expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      await h.service.flushWebhooks();
      expect(storeSnapshot(h.service)).toBe(state);
      expect(h.service.clock.now().getTime()).toBe(clock);
      expect(JSON.stringify(h.service.deliveries())).toBe(deliveries);
      expect(h.service.listWebhookEndpoints()).toHaveLength(endpoints);
    },
  );

  test.each([
    ['/api/v2/checkout', 'checkouts', () => checkoutRequest(['sku-ibuprofen'])],
    ['/v2/payment-links', 'paymentLinks', () => paymentLinkRequest()],
  ] as const)(
    'ten concurrent POST %s with one key create exactly one object',
    async (path, collection, body) => {
      const h = harness();
      await buildWorld(h);
      const count = () =>
        (JSON.parse(storeSnapshot(h.service)) as { modes: { test: Record<string, unknown[]> } }).modes.test[
          collection
        ]?.length;
      const before = count() ?? Number.NaN;
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          h.request('POST', path, { body: body(), headers: { 'idempotency-key': 'same' } }),
        ),
      );
      const created = replies.filter((reply) => reply.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      for (const reply of replies) expect([201, 409]).toContain(reply.status);
      const ids = new Set(created.map((reply) => JSON.stringify(comparable(reply))));
      expect(ids.size).toBe(1);
      expect(count()).toBe(before + 1);
      const again = await h.request('POST', path, { body: body(), headers: { 'idempotency-key': 'same' } });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    },
  );

  test('a refusal of the body while it is parsed is not kept: the corrected retry with the key runs', async () => {
    const h = harness();
    await buildWorld(h);
    const headers = { 'idempotency-key': 'fix-and-retry' };
    const broken = { ...checkoutRequest(['sku-ibuprofen']), colour: 'blue' };
    const refused = await h.request('POST', '/api/v2/checkout', { body: broken, headers });
    expect([400, 422]).toContain(refused.status);
    expect(['bad_request', 'validation_error']).toContain(errorOf(refused).code);
    const malformed = await h.request('POST', '/api/v2/checkout', {
      rawBody: '{"line_items":',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);

    const fixed = await h.request('POST', '/api/v2/checkout', {
      body: checkoutRequest(['sku-ibuprofen']),
      headers,
    });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  test('401 and 403 are not kept: the same key runs once the key is right', async () => {
    const h = harness();
    await buildWorld(h);
    const headers = { 'idempotency-key': 'wrong-key-first' };
    const body = { seconds: 60 };
    const unauthorized = await h.request('POST', '/v2/test_helpers/clock/advance', {
      body,
      headers,
      key: { raw: 'sk_test_wrong' },
    });
    expect(unauthorized.status).toBe(401);
    const forbidden = await h.request('POST', '/v2/test_helpers/clock/advance', {
      body,
      headers,
      key: 'live',
    });
    expect(forbidden.status).toBe(403);
    const before = h.service.clock.now().getTime();
    const ran = await h.request('POST', '/v2/test_helpers/clock/advance', { body, headers });
    expect(ran.status).toBe(200);
    expect(ran.headers.get('idempotent-replayed')).toBeNull();
    expect(h.service.clock.now().getTime()).toBe(before + 60_000);
  });

  test('a business-rule refusal is kept and replayed, with its request id', async () => {
    const h = harness();
    const world = await buildWorld(h);
    const headers = { 'idempotency-key': 'too-much' };
    const body = { order_id: world.orderId, amount_cents: 10_000_000, reason: 'other' };
    const first = await h.request('POST', '/api/v2/refunds', { body, headers });
    expect(first.status).toBe(400);
    const again = await h.request('POST', '/api/v2/refunds', { body, headers });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
  });

  test('ten concurrent refunds with one key refund once', async () => {
    const h = harness();
    const world = await buildWorld(h);
    const body = { order_id: world.orderId, amount_cents: 10, reason: 'other' };
    await Promise.all(
      Array.from({ length: 10 }, () =>
        h.request('POST', '/api/v2/refunds', { body, headers: { 'idempotency-key': 'refund-once' } }),
      ),
    );
    const refunds = h.service
      .events({ type: 'refund.created' })
      .filter((event) => event.data['amount_cents'] === 10);
    expect(refunds).toHaveLength(1);
  });
});
