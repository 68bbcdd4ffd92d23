import { CheckoutSessionEnvelope, ProductList } from '@glm/domain';
import { FUTURE_EVENT_TYPE, FUTURE_STATUS, FutureMode } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';

// D39: future mode, tomorrow's additive API changes today.

describe.each(TRANSPORTS)('future mode over %s', (transport) => {
  const harness = useHarness(transport, { seed: { products: [eligibleProduct()] } });

  test('by header, reads gain the same named members and a new status value; the stored state is unchanged', async () => {
    const h = harness();
    const before = storeSnapshot(h.service);
    const reply = await h.request('GET', '/v2/products', { headers: { 'glm-mock-future': 'fields,enums' } });
    expect(reply.status).toBe(200);
    const list = reply.body as Record<string, unknown> & { data: Record<string, unknown>[] };
    expect(list['future_details']).toEqual({ added_in: 'v2-future', kind: expect.any(String) });
    expect(reply.headers.get('glm-mock-future')).toBe('fields,enums');
    expect(list.data[0]).toMatchObject({
      status: FUTURE_STATUS,
      future_note: expect.any(String),
      future_details: { added_in: 'v2-future', kind: expect.any(String) },
    });
    expect(storeSnapshot(h.service)).toBe(before);
    // Without the header the same read is today's.
    ProductList.parse((await h.request('GET', '/v2/products')).body);
  });

  test('by header on a write, the answer gains members, the envelope is kept, and enums wait for reads', async () => {
    const h = harness();
    const created = await h.request('POST', '/v2/checkout', {
      body: checkoutRequest(['sku-ibuprofen']),
      headers: { 'glm-mock-future': 'fields,enums' },
    });
    expect(created.status).toBe(201);
    const body = created.body as { success: boolean; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.data['future_note']).toEqual(expect.any(String));
    expect(CheckoutSessionEnvelope.parse(created.body).data.status).toBe('open');
  });

  test('a malformed header is 400 naming it, a live key 403, and nothing runs', async () => {
    const h = harness();
    const before = storeSnapshot(h.service);
    const bad = await h.request('POST', '/v2/checkout', {
      body: checkoutRequest(['sku-ibuprofen']),
      headers: { 'glm-mock-future': 'fields,tomorrow' },
    });
    expect([bad.status, errorOf(bad).code, errorOf(bad).param]).toEqual([
      400,
      'invalid_request',
      'Glm-Mock-Future',
    ]);
    const live = await h.request('GET', '/v2/products', {
      key: 'live',
      headers: { 'glm-mock-future': 'fields' },
    });
    expect([live.status, errorOf(live).param]).toEqual([403, 'Glm-Mock-Future']);
    expect(storeSnapshot(h.service)).toBe(before);
  });

  test('per merchant over HTTP: set, read, applied to every test-mode answer, cleared by reset; bodies refused naming the field', async () => {
    const h = harness();
    const set = await h.request('POST', '/v2/test_helpers/future', { body: { enums: true } });
    expect(FutureMode.parse(set.body)).toEqual({ fields: false, enums: true, events: false });
    expect((await h.request('GET', '/v2/test_helpers/future')).body).toEqual(set.body);
    const read = (await h.request('GET', '/v2/products')).body as { data: { status: string }[] };
    expect(read.data[0]?.status).toBe(FUTURE_STATUS);
    const bad = await h.request('POST', '/v2/test_helpers/future', { body: { enums: 'yes' } });
    expect([bad.status, errorOf(bad).param]).toEqual([400, 'enums']);
    expect((await h.request('POST', '/v2/test_helpers/future', { key: 'live', body: {} })).status).toBe(403);
    await h.request('POST', '/v2/test_helpers/reset');
    expect((await h.request('GET', '/v2/test_helpers/future')).body).toEqual({
      fields: false,
      enums: false,
      events: false,
    });
  });
});

test('events: each event brings a new-type event to endpoints of every event; fields reach webhook data', async () => {
  const service = createMockService({
    now: '2025-03-01T00:00:00Z',
    rateLimit: false,
    future: { fields: true, events: true },
  });
  const all: Record<string, unknown>[] = [];
  const some: string[] = [];
  await service.registerWebhookEndpoint({
    events: ['*'],
    handler: async (request) => {
      all.push((await request.json()) as Record<string, unknown>);
      return new Response('ok');
    },
  });
  await service.registerWebhookEndpoint({
    events: ['order.created'],
    handler: async (request) => {
      some.push(((await request.json()) as { type: string }).type);
      return new Response('ok');
    },
  });
  await service.trigger('order.created');
  await service.flushWebhooks();
  const types = all.map((event) => event['type']);
  // One new-type event sent after each of today's events (deliveries run concurrently, so their
  // arrival order is not asserted).
  const today = service.events().length;
  expect(today).toBeGreaterThan(0);
  expect(types).toHaveLength(today * 2);
  expect(all.filter((event) => event['type'] === FUTURE_EVENT_TYPE).map((event) => event['id'])).toEqual(
    expect.arrayContaining(Array.from({ length: today }, (_, index) => `evt_future_${index + 1}`)),
  );
  expect(some.every((type) => type === 'order.created')).toBe(true);
  const order = all.find((event) => event['type'] === 'order.created') as { data: Record<string, unknown> };
  expect(order.data['future_details']).toEqual({ added_in: 'v2-future', kind: 'ord' });
  // The event log is today's: the new type was only sent.
  expect(service.events().some((event) => (event.type as string) === FUTURE_EVENT_TYPE)).toBe(false);
});
