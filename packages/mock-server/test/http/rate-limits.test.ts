import { describe, expect, test } from 'vitest';
import { errorOf, type Harness, TRANSPORTS, useHarness } from '../support/harness.ts';

const HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

const burst = async (h: Harness, count: number, key: 'test' | 'live' = 'test') => {
  const replies = [];
  for (let i = 0; i < count; i += 1) replies.push(await h.request('GET', '/v2/orders?limit=1', { key }));
  return replies;
};

describe.each(TRANSPORTS)('rate limits (D13) over %s', (transport) => {
  describe('by default', () => {
    const harness = useHarness(transport, { rateLimit: {} });

    test('every authenticated answer carries the three headers, and the 101st request in a second is 429 with Retry-After', async () => {
      const h = harness();
      const replies = await burst(h, 101);
      for (const [i, reply] of replies.slice(0, 100).entries()) {
        expect(reply.status).toBe(200);
        expect(reply.headers.get('x-ratelimit-limit')).toBe('100');
        expect(reply.headers.get('x-ratelimit-remaining')).toBe(String(99 - i));
        expect(Number(reply.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(
          Math.floor(h.service.clock.now().getTime() / 1000),
        );
      }
      const refused = replies[100];
      expect([refused?.status, refused === undefined ? undefined : errorOf(refused).code]).toEqual([
        429,
        'rate_limit_exceeded',
      ]);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      for (const name of HEADERS) expect(refused?.headers.get(name)).not.toBeNull();
    });

    test('each key has its own window, and the window slides on the virtual clock', async () => {
      const h = harness();
      await burst(h, 100);
      expect((await burst(h, 1))[0]?.status).toBe(429);
      expect((await burst(h, 1, 'live'))[0]?.status).toBe(200);
      h.service.clock.advance(1000);
      expect((await burst(h, 1))[0]?.status).toBe(200);
    });

    test('check-eligibility allows 100 a minute in test mode and 1000 in live mode', async () => {
      const h = harness();
      const check = (key: 'test' | 'live') =>
        h.request('POST', '/api/v2/products/check-eligibility', { key, body: { product_name: 'Bandages' } });
      expect((await check('test')).headers.get('x-ratelimit-limit')).toBe('100');
      expect((await check('live')).headers.get('x-ratelimit-limit')).toBe('1000');
    });
  });

  describe('configured per instance', () => {
    const harness = useHarness(transport, { rateLimit: { default: { limit: 3, windowMs: 10_000 } } });

    test('the default rule is the instance option', async () => {
      const h = harness();
      const replies = await burst(h, 4);
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 429]);
      expect(replies[0]?.headers.get('x-ratelimit-limit')).toBe('3');
      expect(Number(replies[3]?.headers.get('retry-after'))).toBe(10);
    });
  });

  describe('switched off', () => {
    const harness = useHarness(transport, { rateLimit: false });

    test('no request is refused and no rate-limit header is sent', async () => {
      const h = harness();
      const replies = await burst(h, 150);
      expect(replies.every((reply) => reply.status === 200)).toBe(true);
      for (const name of HEADERS) expect(replies[149]?.headers.get(name)).toBeNull();
    });
  });
});
