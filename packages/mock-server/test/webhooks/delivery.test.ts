import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SCHEDULE_MS } from '@glm/domain/machines';
import { afterEach, expect, test, vi } from 'vitest';
import type { MockService, MockServiceOptions } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import type { WebhookHandler } from '../../src/operations/webhooks/transport/send-webhook.ts';
import { engineOf } from '../../src/service/private-handles.ts';
import { eligibleProduct } from '../support/fixtures.ts';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';

const START = '2025-03-01T12:00:00.000Z';
/** The delays between attempts (the domain's schedule without its leading 0). */
const WEBHOOK_RETRY_DELAYS_MS = WEBHOOK_RETRY_SCHEDULE_MS.slice(1);
const receivers: Receiver[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

const service = (options: MockServiceOptions = {}): MockService =>
  createMockService({ now: START, rateLimit: false, ...options });

/** A real flow that emits `product.created`: answers the event. */
async function createProduct(mock: MockService, sku = 'sku-1') {
  const response = await mock.handle(
    new Request('http://127.0.0.1/api/v2/products', {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify(eligibleProduct({ merchant_product_id: sku })),
    }),
  );
  expect(response.status).toBe(201);
  const event = mock.events({ type: 'product.created' }).at(-1);
  if (event === undefined) throw new Error('no product.created event');
  return event;
}

/** An in-process handler that records each request and answers the statuses given, then 200. */
function scripted(statuses: readonly number[]) {
  const requests: Request[] = [];
  const handler: WebhookHandler = (request) => {
    requests.push(request);
    return new Response('{"ok":true}', { status: statuses[requests.length - 1] ?? 200 });
  };
  return { handler, requests };
}

test.each([1, 2, 3, 4, 5])(
  'a receiver down for the first %i attempts is then delivered to exactly once, on the D24 schedule, with one event id',
  async (k) => {
    const mock = service();
    const receiver = scripted(Array.from({ length: k }, () => 503));
    await mock.registerWebhookEndpoint({ handler: receiver.handler, events: ['product.created'] });
    const event = await createProduct(mock);
    await mock.flushWebhooks();
    for (const delay of WEBHOOK_RETRY_DELAYS_MS.slice(0, k)) {
      const before = receiver.requests.length;
      mock.clock.advance(delay - 1);
      await mock.flushWebhooks();
      expect(receiver.requests).toHaveLength(before);
      mock.clock.advance(1);
      await mock.flushWebhooks();
      expect(receiver.requests).toHaveLength(before + 1);
    }
    const [delivery, ...others] = mock.deliveries({ eventId: event.id });
    expect(others).toEqual([]);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((attempt) => attempt.status_code)).toEqual([...Array(k).fill(503), 200]);
    expect(receiver.requests.map((request) => request.headers.get('x-webhook-id'))).toEqual(
      Array(k + 1).fill(event.id),
    );
    expect(receiver.requests.map((request) => request.headers.get('x-webhook-attempt'))).toEqual(
      Array.from({ length: k + 1 }, (_, i) => String(i + 1)),
    );
    let at = Date.parse(START);
    const expected = [at, ...WEBHOOK_RETRY_DELAYS_MS.slice(0, k).map((delay) => (at += delay))];
    expect(delivery?.attempts.map((attempt) => Date.parse(attempt.attempted_at))).toEqual(expected);
    mock.clock.advance('7h');
    await mock.flushWebhooks();
    expect(receiver.requests).toHaveLength(k + 1);
  },
);

test('a receiver down for every attempt fails after the sixth, and a resend then delivers it', async () => {
  const mock = service();
  let up = false;
  const requests: Request[] = [];
  await mock.registerWebhookEndpoint({
    handler: (request) => {
      requests.push(request);
      return new Response(up ? 'ok' : 'down', { status: up ? 200 : 500 });
    },
    events: ['*'],
  });
  const event = await createProduct(mock);
  await mock.flushWebhooks();
  for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
    expect(mock.deliveries({ eventId: event.id })[0]?.status).toBe('pending');
    mock.clock.advance(delay);
    await mock.flushWebhooks();
  }
  const [failed] = mock.deliveries({ eventId: event.id });
  expect(failed?.status).toBe('failed');
  expect(failed?.attempts).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
  expect(failed?.next_attempt_at).toBeNull();
  expect(
    failed?.attempts.every((attempt) => attempt.response_body === 'down' && attempt.error !== null),
  ).toBe(true);
  mock.clock.advance('1d');
  await mock.flushWebhooks();
  expect(requests).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

  up = true;
  const resent = await mock.resendDelivery(failed?.id ?? '');
  expect(resent.status).toBe('delivered');
  expect(resent.attempts.at(-1)).toMatchObject({ attempt: 7, status_code: 200, error: null });
  expect(requests.at(-1)?.headers.get('x-webhook-id')).toBe(event.id);
  expect(requests.at(-1)?.headers.get('x-webhook-attempt')).toBe('7');
});

test('a hanging receiver fails at the attempt timeout while another endpoint is delivered meanwhile', async () => {
  const mock = service({ webhooks: { timeoutMs: 300 } });
  const receiver = await startReceiver((request) => (request.path === '/hang' ? 'hang' : { status: 200 }));
  receivers.push(receiver);
  const slow = await mock.registerWebhookEndpoint({ url: `${receiver.url}/hang`, events: ['*'] });
  const fast = await mock.registerWebhookEndpoint({ url: `${receiver.url}/ok`, events: ['*'] });
  const event = await createProduct(mock);
  const delivered = await mock.waitForDelivery(
    { endpointId: fast.id, status: 'delivered' },
    { timeoutMs: 250 },
  );
  expect(delivered.event_id).toBe(event.id);
  expect(mock.deliveries({ endpointId: slow.id })[0]?.attempts).toEqual([]);

  await mock.flushWebhooks();
  const [hung] = mock.deliveries({ endpointId: slow.id });
  expect(hung?.status).toBe('pending');
  expect(hung?.attempts[0]).toMatchObject({ status_code: null, response_body: null });
  expect(hung?.attempts[0]?.error).toContain('300 ms');
  expect(hung?.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(250);
  expect(hung?.next_attempt_at).toBe(new Date(Date.parse(START) + 30_000).toISOString());
});

test('by default an attempt that gets no answer fails after exactly 5 seconds', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const mock = service();
  let called: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    called = resolve;
  });
  await mock.registerWebhookEndpoint({
    handler: () => {
      called();
      return new Promise<Response>(() => undefined);
    },
    events: ['*'],
  });
  await createProduct(mock);
  await reached;
  await vi.advanceTimersByTimeAsync(4999);
  expect(mock.deliveries()[0]?.attempts).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  await mock.flushWebhooks();
  expect(mock.deliveries()[0]?.attempts[0]?.error).toContain('5000 ms');
});

test('2,000 events to 3 endpoints lose none: each event is delivered exactly once per endpoint', async () => {
  const mock = service();
  const engine = engineOf(mock);
  const seen = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  const endpointIds: string[] = [];
  for (const [index, counts] of seen.entries()) {
    const endpoint = await mock.registerWebhookEndpoint({
      events: ['product.updated'],
      handler: (request) => {
        const id = request.headers.get('x-webhook-id') ?? '';
        const attempt = Number(request.headers.get('x-webhook-attempt'));
        // The third endpoint refuses the first attempt of every seventh event, so retries take part.
        if (index === 2 && attempt === 1 && (counts.size + (counts.has(id) ? 0 : 1)) % 7 === 0) {
          counts.set(id, counts.get(id) ?? 0);
          return new Response('busy', { status: 503 });
        }
        counts.set(id, (counts.get(id) ?? 0) + 1);
        return new Response('ok');
      },
    });
    endpointIds.push(endpoint.id);
  }
  const ids = Array.from(
    { length: 2_000 },
    (_, i) => engine.emit('test', 'product.updated', { id: i + 1 }).id,
  );
  await mock.flushWebhooks();
  mock.clock.advance('30s');
  await mock.flushWebhooks();
  for (const [index, endpointId] of endpointIds.entries()) {
    const delivered = mock
      .deliveries({ endpointId, status: 'delivered' })
      .map((delivery) => delivery.event_id);
    expect(delivered).toHaveLength(ids.length);
    expect(new Set(delivered)).toEqual(new Set(ids));
    expect([...(seen[index]?.values() ?? [])].every((count) => count === 1)).toBe(true);
  }
  expect(
    mock.deliveries({ endpointId: endpointIds[2] ?? '' }).some((delivery) => delivery.attempts.length === 2),
  ).toBe(true);
}, 60_000);

test('a reset sends nothing that was still waiting for its turn at the endpoint: a suite’s next test gets no stale events', async () => {
  const mock = service({ webhooks: { maxConcurrentPerEndpoint: 1 } });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const received: string[] = [];
  await mock.registerWebhookEndpoint({
    events: ['product.created'],
    handler: async (request) => {
      received.push(request.headers.get('x-webhook-id') ?? '');
      await held;
      return new Response(null, { status: 200 });
    },
  });
  const first = await createProduct(mock, 'sku-1');
  await createProduct(mock, 'sku-2');
  await createProduct(mock, 'sku-3');
  await vi.waitFor(() => expect(received).toEqual([first.id]));
  mock.reset();
  release();
  await new Promise((resolve) => setTimeout(resolve, 50));
  // The one already sent when the reset came was received; the two waiting behind it never went out.
  expect(received).toEqual([first.id]);
});
