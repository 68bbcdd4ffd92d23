import { describe, expect, test } from 'vitest';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

describe.each(TRANSPORTS)('clock test helpers over %s', (transport) => {
  const harness = useHarness(transport);

  test('GET clock answers the server time under both prefixes', async () => {
    const { request, service } = harness();
    for (const prefix of ['/v2', '/api/v2']) {
      const reply = await request('GET', `${prefix}/test_helpers/clock`);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ now: service.clock.now().toISOString() });
    }
  });

  test('advancing the clock moves it forward by the seconds given', async () => {
    const { request, service } = harness();
    const before = service.clock.now().getTime();
    const reply = await request('POST', '/v2/test_helpers/clock/advance', { body: { seconds: 90 } });
    expect(reply.status).toBe(200);
    expect(Date.parse((reply.body as { now: string }).now)).toBe(before + 90_000);
  });

  test('a negative or missing seconds value is refused and leaves the clock alone', async () => {
    const { request, service } = harness();
    const before = service.clock.now().toISOString();
    for (const body of [{ seconds: -1 }, {}, { seconds: 'ten' }]) {
      const reply = await request('POST', '/v2/test_helpers/clock/advance', { body });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(errorOf(reply).param).toBe('seconds');
    }
    expect(service.clock.now().toISOString()).toBe(before);
  });

  test('a live key gets 403 forbidden on test helpers', async () => {
    const reply = await harness().request('GET', '/v2/test_helpers/clock', { key: 'live' });
    expect(reply.status).toBe(403);
    expect(errorOf(reply).code).toBe('forbidden');
  });
});
