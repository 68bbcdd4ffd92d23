// The complete example of the README's "Testing your webhook handler", kept running here.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '@glm/domain/machines';
import { expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

// The merchant's receiver. In real code prefer `verifyWebhook` from `@glm/sdk/webhooks`: it makes the
// same checks (and the timestamp tolerance and the envelope); here they are spelled out by hand.
function startReceiver(secret: () => string, fulfil: (eventId: string) => void, down: () => boolean) {
  const fulfilled = new Set<string>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const header = String(req.headers['x-service-signature'] ?? '');
      const [, t = '', v1 = ''] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
      const expected = createHmac('sha256', secret()).update(`${t}.${body}`).digest('hex');
      if (!sameText(String(req.headers.authorization), `Bearer ${secret()}`) || !sameText(v1, expected)) {
        res.writeHead(400).end();
        return;
      }
      if (down()) {
        res.writeHead(503).end();
        return;
      }
      const eventId = String(req.headers['x-webhook-id']); // the deduplication key
      if (!fulfilled.has(eventId)) {
        fulfilled.add(eventId);
        fulfil(eventId);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

test('every paid order is fulfilled exactly once, through an outage, duplicates and a resend', async () => {
  const mock = createMockService({
    now: '2025-03-01T12:00:00Z',
    seed: {
      products: [{ name: 'Ibuprofen 200mg', price: 1299, currency: 'USD', merchant_product_id: 'sku-1' }],
    },
  });
  const fulfilments: string[] = [];
  let secret = '';
  let down = true;
  const receiver = await startReceiver(
    () => secret,
    (id) => fulfilments.push(id),
    () => down,
  );
  const endpoint = await mock.registerWebhookEndpoint({
    url: `${receiver.url}/webhooks`,
    events: ['order.completed'],
    duplicate: 2, // every event arrives twice: the handler must be idempotent
  });
  secret = endpoint.secret; // shown only here

  const created = await mock.handle(
    new Request('http://127.0.0.1/api/v2/checkout', {
      method: 'POST',
      headers: { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        reference_id: 'cart-1',
        customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
        line_items: [{ product_id: 'sku-1', name: 'Ibuprofen', price: 1299, quantity: 1, currency: 'USD' }],
        shipping_info: {
          address_line_1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          postal_code: '62701',
          country: 'US',
        },
        success_url: 'https://shop.example.com/ok',
        failure_url: 'https://shop.example.com/failed',
      }),
    }),
  );
  const { data } = (await created.json()) as { data: { checkout_id: string } };
  await mock.payCheckout(data.checkout_id);
  await mock.flushWebhooks(); // first attempts made: the receiver is down, they failed

  mock.clock.advance(WEBHOOK_RETRY_SCHEDULE_MS[1]); // 30 s later: the first retry
  down = false;
  await mock.flushWebhooks();

  const [event] = mock.events({ type: 'order.completed' });
  const deliveries = mock.deliveries({ eventId: event?.id ?? '', status: 'delivered' });
  expect(deliveries).toHaveLength(2);
  expect(deliveries[0]?.attempts.map((attempt) => attempt.status_code)).toEqual([503, 200]);
  expect(fulfilments).toEqual([event?.id]);
  receiver.close();
});
