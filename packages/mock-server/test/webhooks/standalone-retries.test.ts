import { expect, test } from 'vitest';
import { startServer } from '../../src/adapters/node.ts';
import { engineOf } from '../../src/service/private-handles.ts';

test('the standalone server retries in real time, with no request to wake it', async () => {
  const server = await startServer({ clock: 'system', rateLimit: false });
  try {
    const { service } = server;
    let calls = 0;
    await service.registerWebhookEndpoint({
      handler: () => {
        calls += 1;
        return new Response(calls === 1 ? 'down' : 'ok', { status: calls === 1 ? 503 : 200 });
      },
      events: ['*'],
    });
    const event = engineOf(service).emit('test', 'order.created', {});
    await service.flushWebhooks();
    // 29.5 s of the 30 s delay pass at once; the last half second passes on the wall clock.
    service.clock.advance(29_500);
    expect(calls).toBe(1);
    const delivered = await service.waitForDelivery(
      { eventId: event.id, status: 'delivered' },
      { timeoutMs: 3000 },
    );
    expect(delivered.attempts.map((attempt) => attempt.status_code)).toEqual([503, 200]);
  } finally {
    await server.close();
  }
});
