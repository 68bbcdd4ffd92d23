// D40: fault rules that alter webhook delivery attempts; only the caught attempts are altered, and the
// D24 retries after them are genuine, so a receiver that refuses forgeries still gets every event once.
import { WEBHOOK_RETRY_SCHEDULE_MS } from '@glm/domain/machines';
import type { RuleFault } from '@glm/domain/test-helpers';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createMockService, type MockService } from '../../src/index.ts';
import { eligibleProduct } from '../support/fixtures.ts';
import { verifyIndependently } from '../support/webhook-receiver.ts';

const START = '2025-03-01T12:00:00.000Z';
const TOLERANCE_SECONDS = 300;

/** What a receiver that verifies signatures did: every request, and the events it processed. */
interface VerifyingReceiver {
  readonly requests: { headers: Record<string, string>; body: string; accepted: boolean }[];
  readonly processed: string[];
  readonly handler: (request: Request) => Promise<Response>;
}

/**
 * A merchant's receiver: refuses (400) a delivery whose bearer or signature does not verify with its
 * secret or whose timestamp is more than five minutes from its own clock; processes each event id once
 * and acknowledges a redelivery with 200.
 */
function verifyingReceiver(secret: () => string): VerifyingReceiver {
  const requests: VerifyingReceiver['requests'] = [];
  const processed: string[] = [];
  return {
    requests,
    processed,
    async handler(request) {
      const headers = Object.fromEntries(request.headers);
      const body = await request.text();
      const check = verifyIndependently({ headers, body }, secret());
      const fresh = Math.abs(Date.now() / 1000 - check.t) <= TOLERANCE_SECONDS;
      const accepted = check.bearer && check.signature && fresh;
      requests.push({ headers, body, accepted });
      if (!accepted) return new Response('{"error":"verification failed"}', { status: 400 });
      const id = headers['x-webhook-id'] ?? '';
      if (!processed.includes(id)) processed.push(id);
      return new Response('{"received":true}', { status: 200 });
    },
  };
}

async function createProduct(mock: MockService, sku: string): Promise<void> {
  const response = await mock.handle(
    new Request('http://127.0.0.1/api/v2/products', {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify(eligibleProduct({ merchant_product_id: sku })),
    }),
  );
  expect(response.status).toBe(201);
}

/** Runs the whole retry schedule on the service clock, delivering what falls due. */
async function runSchedule(mock: MockService): Promise<void> {
  await mock.flushWebhooks();
  for (const delay of WEBHOOK_RETRY_SCHEDULE_MS.slice(1)) {
    mock.clock.advance(delay);
    await mock.flushWebhooks();
  }
}

async function setUp(): Promise<{
  mock: MockService;
  receiver: VerifyingReceiver;
  endpoint: string;
  secret: string;
}> {
  const mock = createMockService({ now: START, rateLimit: false });
  let secret = '';
  const receiver = verifyingReceiver(() => secret);
  const endpoint = await mock.registerWebhookEndpoint({
    handler: receiver.handler,
    events: ['product.created'],
  });
  secret = endpoint.secret;
  return { mock, receiver, endpoint: endpoint.id, secret };
}

describe('webhook faults', () => {
  test.each<[string, RuleFault]>([
    ['a forged body', { signature: 'invalid' }],
    ['a stale signature', { signature: 'stale' }],
    ['a missing signature', { signature: 'missing' }],
    ['a drifted secret', { signature: 'wrong_secret' }],
    ['a wrong bearer', { bearer: 'invalid' }],
    ['no bearer', { bearer: 'missing' }],
  ])(
    '%s is refused by the receiver; the genuine retry 30 s later is processed once',
    async (_name, fault) => {
      const { mock, receiver } = await setUp();
      const rule = mock.faults.add({ match: { webhook: { event_type: 'product.created' } }, fault });
      await createProduct(mock, 'sku-1');
      await mock.flushWebhooks();
      expect(receiver.requests.map((request) => request.accepted)).toEqual([false]);
      await runSchedule(mock);
      expect(receiver.requests.map((request) => request.accepted)).toEqual([false, true]);
      expect(receiver.processed).toHaveLength(1);
      const [delivery] = mock.deliveries();
      expect(delivery?.status).toBe('delivered');
      expect(
        delivery?.attempts.map((attempt) => [attempt.attempt, attempt.status_code, attempt.fault]),
      ).toEqual([
        [1, 400, rule.id],
        [2, 200, undefined],
      ]);
      expect(receiver.requests.map((request) => request.headers['x-webhook-attempt'])).toEqual(['1', '2']);
    },
  );

  test('a dropped attempt never reaches the receiver, counts as failed attempt 1, and attempt 2 is delivered', async () => {
    const { mock, receiver } = await setUp();
    const rule = mock.faults.add({ match: { webhook: {} }, fault: { drop: true } });
    await createProduct(mock, 'sku-1');
    await mock.flushWebhooks();
    expect(receiver.requests).toEqual([]);
    const [pending] = mock.deliveries();
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: [{ attempt: 1, status_code: null, fault: rule.id }],
    });
    expect(pending?.attempts[0]?.error).toContain(rule.id);
    mock.clock.advance(WEBHOOK_RETRY_SCHEDULE_MS[1] ?? 0);
    await mock.flushWebhooks();
    expect(
      receiver.requests.map((request) => [request.headers['x-webhook-attempt'], request.accepted]),
    ).toEqual([['2', true]]);
    expect(mock.faults.list()).toEqual([]);
  });

  test('a stale signature verifies with the endpoint secret for its own timestamp, an hour old; a wrong secret does not', async () => {
    const { mock, receiver, secret } = await setUp();
    mock.faults.add({ match: { webhook: {} }, fault: { signature: 'stale' } });
    mock.faults.add({ match: { webhook: {} }, fault: { signature: 'wrong_secret' } });
    await createProduct(mock, 'sku-1');
    await mock.flushWebhooks();
    await createProduct(mock, 'sku-2');
    await mock.flushWebhooks();
    const [stale, wrong] = receiver.requests.map((request) => verifyIndependently(request, secret));
    expect(stale?.signature).toBe(true);
    expect(stale?.bearer).toBe(true);
    const age = Date.now() / 1000 - (stale?.t ?? 0);
    expect(age).toBeGreaterThan(3600 - 60);
    expect(age).toBeLessThan(3600 + 60);
    expect(wrong?.signature).toBe(false);
    expect(wrong?.bearer).toBe(true);
    expect(Math.abs(Date.now() / 1000 - (wrong?.t ?? 0))).toBeLessThan(60);
    expect(receiver.requests.map((request) => request.accepted)).toEqual([false, false]);
  });

  test('a delayed attempt is held on the service clock and is still attempt 1; the receiver accepts it', async () => {
    const { mock, receiver } = await setUp();
    const rule = mock.faults.add({ match: { webhook: {} }, fault: { delay_ms: 20_000 } });
    await createProduct(mock, 'sku-1');
    await mock.flushWebhooks();
    expect(receiver.requests).toEqual([]);
    mock.clock.advance(19_999);
    await mock.flushWebhooks();
    expect(receiver.requests).toEqual([]);
    mock.clock.advance(1);
    await mock.flushWebhooks();
    expect(
      receiver.requests.map((request) => [request.headers['x-webhook-attempt'], request.accepted]),
    ).toEqual([['1', true]]);
    expect(mock.deliveries()[0]).toMatchObject({
      status: 'delivered',
      attempts: [{ attempt: 1, status_code: 200, fault: rule.id }],
    });
  });

  test('a rule for one endpoint or one event type leaves other deliveries genuine', async () => {
    const { mock, receiver, endpoint } = await setUp();
    mock.faults.add({
      match: { webhook: { endpoint, event_type: 'order.completed' } },
      fault: { drop: true },
    });
    mock.faults.add({ match: { webhook: { endpoint: 'whep_other' } }, fault: { drop: true } });
    await createProduct(mock, 'sku-1');
    await mock.flushWebhooks();
    expect(receiver.requests.map((request) => request.accepted)).toEqual([true]);
    expect(mock.faults.list()).toHaveLength(2);
  });

  test('malformed webhook rules are refused naming the field, and add nothing', async () => {
    const { mock } = await setUp();
    for (const [rule, param] of [
      [{ match: { webhook: {} }, fault: { signature: 'forged' } }, 'fault.signature'],
      [{ match: { webhook: {} }, fault: { status: 503 } }, 'fault.status'],
      [{ match: { webhook: {} }, fault: {} }, 'fault'],
      [{ match: { webhook: {} }, fault: { drop: true, signature: 'stale' } }, 'fault.drop'],
      [{ match: { webhook: {} }, fault: { drop: false } }, 'fault.drop'],
      [{ match: { webhook: { endpoint: 'ep_1' } }, fault: { drop: true } }, 'match.webhook.endpoint'],
      [
        { match: { webhook: { event_type: 'order.done' } }, fault: { drop: true } },
        'match.webhook.event_type',
      ],
      [{ match: { webhook: {}, method: 'POST' }, fault: { drop: true } }, 'match.webhook'],
      [{ match: { method: 'POST' }, fault: { signature: 'stale' } }, 'fault.signature'],
    ] as const) {
      const response = await mock.handle(
        new Request('http://127.0.0.1/v2/test_helpers/faults', {
          method: 'POST',
          headers: { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' },
          body: JSON.stringify(rule),
        }),
      );
      expect(response.status, JSON.stringify(rule)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(rule)).toBeLessThan(500);
      const body = (await response.json()) as { error: { param?: string } };
      expect(body.error.param, JSON.stringify(rule)).toBe(param);
    }
    expect(mock.faults.list()).toEqual([]);
  });
});

const forgery = fc.constantFrom<RuleFault>(
  { signature: 'invalid' },
  { signature: 'stale' },
  { signature: 'missing' },
  { signature: 'wrong_secret' },
  { bearer: 'invalid' },
  { bearer: 'missing' },
  { signature: 'stale', bearer: 'missing' },
  { drop: true },
);
const rules = fc
  .array(
    fc.record({
      fault: fc.oneof(
        forgery,
        fc.integer({ min: 1, max: 30_000 }).map((delay_ms): RuleFault => ({ delay_ms })),
      ),
      times: fc.integer({ min: 1, max: 2 }),
      probability: fc.constantFrom(1, 0.5),
    }),
    { minLength: 1, maxLength: 3 },
  )
  // At most five altered attempts in all, so each event keeps a genuine one of its six.
  .filter((mix) => mix.reduce((sum, rule) => sum + rule.times, 0) <= 5);

test('property: whatever faults strike, every event reaches a verifying receiver exactly once, and no altered attempt is accepted', async () => {
  await fc.assert(
    fc.asyncProperty(rules, fc.integer({ min: 1, max: 3 }), async (mix, events) => {
      const { mock, receiver } = await setUp();
      const added = mix.map((rule) => mock.faults.add({ match: { webhook: {} }, ...rule }));
      for (let i = 0; i < events; i++) await createProduct(mock, `sku-${i}`);
      await mock.flushWebhooks();
      for (let round = 0; round < 8; round++) {
        mock.clock.advance('7h');
        await mock.flushWebhooks();
      }
      const eventIds = mock.events({ type: 'product.created' }).map((event) => event.id);
      expect([...receiver.processed].sort()).toEqual([...eventIds].sort());
      const forged = new Set(
        added.filter((rule) => rule.fault.delay_ms === undefined).map((rule) => rule.id),
      );
      for (const delivery of mock.deliveries()) {
        expect(delivery.status).toBe('delivered');
        for (const attempt of delivery.attempts) {
          if (attempt.fault !== undefined && forged.has(attempt.fault))
            expect(attempt.status_code).not.toBe(200);
        }
      }
      const accepted = receiver.requests.filter((request) => request.accepted);
      expect(new Set(accepted.map((request) => request.headers['x-webhook-id'])).size).toBe(eventIds.length);
    }),
    { numRuns: 40 },
  );
});
