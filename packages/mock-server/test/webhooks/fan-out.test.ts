import { expect, test } from 'vitest';
import type { RandomSource } from '../../src/index.ts';
import { createMockService, MockServiceError } from '../../src/index.ts';
import type { WebhookHandler } from '../../src/operations/webhooks/transport/send-webhook.ts';
import { engineOf } from '../../src/service/private-handles.ts';

const START = '2025-03-01T12:00:00.000Z';

/** A deterministic byte source (xorshift), so shuffles are reproducible. */
const seeded = (seed: number): RandomSource => {
  let state = seed;
  return (size) =>
    Uint8Array.from({ length: size }, () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return state & 0xff;
    });
};

const recorder = () => {
  const types: string[] = [];
  const ids: string[] = [];
  const handler: WebhookHandler = async (request) => {
    const event = (await request.json()) as { id: string; type: string };
    types.push(event.type);
    ids.push(event.id);
    return new Response('ok');
  };
  return { handler, types, ids };
};

test('an endpoint receives only the event types it subscribed to, and "*" receives all', async () => {
  const mock = createMockService({ now: START });
  const orders = recorder();
  const all = recorder();
  await mock.registerWebhookEndpoint({ handler: orders.handler, events: ['order.created'] });
  await mock.registerWebhookEndpoint({ handler: all.handler, events: ['*'] });
  const engine = engineOf(mock);
  for (const type of ['order.created', 'refund.created', 'order.created', 'dispute.closed'] as const)
    engine.emit('test', type, {});
  await mock.flushWebhooks();
  expect(orders.types).toEqual(['order.created', 'order.created']);
  // Delivery is unordered (D24): compare as multisets.
  expect([...all.types].sort()).toEqual([
    'dispute.closed',
    'order.created',
    'order.created',
    'refund.created',
  ]);
});

test('a disabled endpoint receives nothing until it is enabled again', async () => {
  const mock = createMockService({ now: START });
  const receiver = recorder();
  const endpoint = await mock.registerWebhookEndpoint({
    handler: receiver.handler,
    events: ['*'],
    disabled: true,
  });
  const engine = engineOf(mock);
  engine.emit('test', 'order.created', {});
  await mock.flushWebhooks();
  expect(receiver.types).toEqual([]);
  expect(mock.deliveries()).toEqual([]);
  await mock.updateWebhookEndpoint(endpoint.id, { disabled: false });
  const later = engine.emit('test', 'order.completed', {});
  await mock.flushWebhooks();
  expect(receiver.ids).toEqual([later.id]);
});

test('a deleted endpoint receives nothing more and its pending delivery sends nothing at its next attempt', async () => {
  const mock = createMockService({ now: START });
  let calls = 0;
  const endpoint = await mock.registerWebhookEndpoint({
    handler: () => {
      calls += 1;
      return new Response('down', { status: 500 });
    },
    events: ['*'],
  });
  const engine = engineOf(mock);
  engine.emit('test', 'order.created', {});
  await mock.flushWebhooks();
  const deleted = await mock.deleteWebhookEndpoint(endpoint.id);
  expect(deleted).toMatchObject({ id: endpoint.id, deleted: true });
  expect(mock.listWebhookEndpoints()).toEqual([]);
  engine.emit('test', 'order.completed', {});
  mock.clock.advance('30s');
  await mock.flushWebhooks();
  expect(calls).toBe(1);
  const [delivery] = mock.deliveries();
  expect(delivery?.attempts).toHaveLength(2);
  expect(delivery?.attempts.at(-1)).toMatchObject({ status_code: null, duration_ms: 0 });
  expect(delivery?.attempts.at(-1)?.error).toContain('deleted');
  await expect(mock.resendDelivery(delivery?.id ?? '')).rejects.toMatchObject({
    status: 409,
    code: 'conflict',
  });
});

test('events of one mode never reach the endpoints of the other (D6)', async () => {
  const mock = createMockService({ now: START });
  const test = recorder();
  const live = recorder();
  await mock.registerWebhookEndpoint({ handler: test.handler, events: ['*'] });
  await mock.registerWebhookEndpoint({ handler: live.handler, events: ['*'], mode: 'live' });
  const engine = engineOf(mock);
  const testEvent = engine.emit('test', 'order.created', {});
  const liveEvent = engine.emit('live', 'order.created', {});
  await mock.flushWebhooks();
  expect(test.ids).toEqual([testEvent.id]);
  expect(live.ids).toEqual([liveEvent.id]);
  expect(mock.deliveries({ mode: 'live' }).map((delivery) => delivery.event_id)).toEqual([liveEvent.id]);
  expect(mock.webhookSecret('live')).not.toBe(mock.webhookSecret('test'));
});

test('duplicate: n delivers every event n times, each a delivery of its own with the same event id', async () => {
  const mock = createMockService({ now: START });
  const receiver = recorder();
  await mock.registerWebhookEndpoint({ handler: receiver.handler, events: ['*'], duplicate: 3 });
  const event = engineOf(mock).emit('test', 'order.created', {});
  await mock.flushWebhooks();
  expect(receiver.ids).toEqual([event.id, event.id, event.id]);
  const deliveries = mock.deliveries({ eventId: event.id });
  expect(new Set(deliveries.map((delivery) => delivery.id)).size).toBe(3);
  expect(deliveries.every((delivery) => delivery.status === 'delivered')).toBe(true);
});

test('shuffle: true delivers a burst of events in another order, every one of them', async () => {
  const mock = createMockService({ now: START, random: seeded(20250301) });
  const arrivals: string[] = [];
  await mock.registerWebhookEndpoint({
    handler: (request) => {
      arrivals.push(request.headers.get('x-webhook-id') ?? '');
      return new Response('ok');
    },
    events: ['*'],
    shuffle: true,
  });
  const engine = engineOf(mock);
  const ids = Array.from({ length: 30 }, (_, i) => engine.emit('test', 'product.updated', { id: i }).id);
  await mock.flushWebhooks();
  // No ordering is promised anyway (signing runs off the main thread); a shuffle of 30 is the identity once in 30!.
  expect(arrivals).not.toEqual(ids);
  expect([...arrivals].sort()).toEqual([...ids].sort());
});

test('waitForDelivery resolves with a delivery yet to come and rejects when none comes in time', async () => {
  const mock = createMockService({ now: START });
  const endpoint = await mock.registerWebhookEndpoint({ handler: () => new Response('ok'), events: ['*'] });
  const waiting = mock.waitForDelivery(
    (delivery) => delivery.event_type === 'refund.created' && delivery.status === 'delivered',
  );
  const event = engineOf(mock).emit('test', 'refund.created', {});
  await expect(waiting).resolves.toMatchObject({ event_id: event.id, endpoint_id: endpoint.id });
  await expect(mock.waitForDelivery({ eventId: 'evt_none' }, { timeoutMs: 20 })).rejects.toThrow('20 ms');
});

test('reset forgets endpoints and deliveries but keeps the default secret, like the default keys', async () => {
  const mock = createMockService({ now: START });
  const secret = mock.webhookSecret();
  expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
  await mock.registerWebhookEndpoint({ handler: () => new Response('ok'), events: ['*'] });
  engineOf(mock).emit('test', 'order.created', {});
  mock.reset();
  expect(mock.listWebhookEndpoints()).toEqual([]);
  expect(mock.deliveries()).toEqual([]);
  expect(mock.webhookSecret()).toBe(secret);
});

test('registration refuses a missing URL, unknown event types and a bad duplicate count with the route errors', async () => {
  const mock = createMockService({ now: START });
  for (const input of [
    { events: ['*'] as const },
    { url: 'ftp://example.com/hook', events: ['*'] as const },
    { url: 'https://example.com/hook', events: [] },
    { url: 'https://example.com/hook', events: ['*'] as const, duplicate: 0 },
  ]) {
    const refusal = await mock.registerWebhookEndpoint(input).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(MockServiceError);
  }
  expect(mock.listWebhookEndpoints()).toEqual([]);
});
