import {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { engineOf } from '../../src/service/private-handles.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

describe.each(TRANSPORTS)('webhook test helpers over %s', (transport) => {
  const harness = useHarness(transport);

  test('registering an endpoint answers 201 with a whsec_ secret shown nowhere else', async () => {
    const { request } = harness();
    const created = await request('POST', '/v2/test_helpers/webhook_endpoints', {
      body: { url: 'https://shop.example.com/hooks', events: ['order.completed'], description: 'fulfilment' },
    });
    expect(created.status).toBe(201);
    const endpoint = WebhookEndpointWithSecret.parse(created.body);
    expect(endpoint).toMatchObject({
      url: 'https://shop.example.com/hooks',
      events: ['order.completed'],
      description: 'fulfilment',
    });
    expect(endpoint.id).toMatch(/^whep_[0-9A-Za-z]{24}$/);
    expect(endpoint.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const fetched = await request('GET', `/api/v2/test_helpers/webhook_endpoints/${endpoint.id}`);
    expect(WebhookEndpoint.parse(fetched.body).id).toBe(endpoint.id);
    const listed = await request('GET', '/v2/test_helpers/webhook_endpoints');
    expect(JSON.stringify([fetched.body, listed.body])).not.toContain(endpoint.secret);
  });

  test('endpoints list newest first in cursor pages, and a deleted endpoint is gone', async () => {
    const { request } = harness();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const created = await request('POST', '/v2/test_helpers/webhook_endpoints', {
        body: { url: `https://shop.example.com/${n}`, events: ['*'] },
      });
      ids.push(WebhookEndpointWithSecret.parse(created.body).id);
    }
    const first = WebhookEndpointList.parse(
      (await request('GET', '/v2/test_helpers/webhook_endpoints?limit=2')).body,
    );
    expect(first.data.map((endpoint) => endpoint.id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = WebhookEndpointList.parse(
      (await request('GET', `/v2/test_helpers/webhook_endpoints?limit=2&starting_after=${first.next_cursor}`))
        .body,
    );
    expect(second.data.map((endpoint) => endpoint.id)).toEqual([ids[0]]);
    const deleted = await request('DELETE', `/v2/test_helpers/webhook_endpoints/${ids[1]}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: ids[1], deleted: true });
    expect((await request('GET', `/v2/test_helpers/webhook_endpoints/${ids[1]}`)).status).toBe(404);
    expect((await request('DELETE', `/v2/test_helpers/webhook_endpoints/${ids[1]}`)).status).toBe(404);
    const after = WebhookEndpointList.parse(
      (await request('GET', '/v2/test_helpers/webhook_endpoints')).body,
    );
    expect(after.data.map((endpoint) => endpoint.id)).toEqual([ids[2], ids[0]]);
  });

  test('a bad registration is refused and registers nothing', async () => {
    const { request } = harness();
    for (const body of [
      { events: ['*'] },
      { url: 'not a url', events: ['*'] },
      { url: 'https://shop.example.com/h', events: ['order.shipped'] },
      { url: 'https://shop.example.com/h', events: ['*'], colour: 'blue' },
    ]) {
      const reply = await request('POST', '/v2/test_helpers/webhook_endpoints', { body });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(typeof errorOf(reply).code).toBe('string');
    }
    expect(
      WebhookEndpointList.parse((await request('GET', '/v2/test_helpers/webhook_endpoints')).body).data,
    ).toEqual([]);
  });

  test('an endpoint registered with a secret signs with it, again after a reset deleted it', async () => {
    const { request, service } = harness();
    const secret = `whsec_${'Ab3'.repeat(10)}xy`;
    const body = { url: 'https://shop.example.com/hooks', events: ['*'], secret };
    const first = await request('POST', '/v2/test_helpers/webhook_endpoints', { body });
    expect(first.status).toBe(201);
    expect(WebhookEndpointWithSecret.parse(first.body).secret).toBe(secret);
    await request('POST', '/v2/test_helpers/reset');
    expect(
      WebhookEndpointList.parse((await request('GET', '/v2/test_helpers/webhook_endpoints')).body).data,
    ).toEqual([]);
    const again = await request('POST', '/v2/test_helpers/webhook_endpoints', { body });
    const endpoint = WebhookEndpointWithSecret.parse(again.body);
    expect(endpoint.secret).toBe(secret);
    expect(
      JSON.stringify((await request('GET', `/v2/test_helpers/webhook_endpoints/${endpoint.id}`)).body),
    ).not.toContain(secret);
    const inProcess = await service.registerWebhookEndpoint({
      handler: () => new Response('ok'),
      events: ['*'],
      secret,
    });
    expect(inProcess.secret).toBe(secret);
  });

  test('a malformed secret is 400 naming secret, and registers nothing', async () => {
    const { request } = harness();
    for (const secret of ['whsec_short', `whsek_${'a'.repeat(32)}`, `whsec_${'a'.repeat(31)}!`, 42]) {
      const reply = await request('POST', '/v2/test_helpers/webhook_endpoints', {
        body: { url: 'https://shop.example.com/hooks', events: ['*'], secret },
      });
      expect(reply.status).toBe(400);
      expect(errorOf(reply)).toMatchObject({ param: 'secret' });
      expect(String(errorOf(reply).message)).toContain('secret');
    }
    expect(
      WebhookEndpointList.parse((await request('GET', '/v2/test_helpers/webhook_endpoints')).body).data,
    ).toEqual([]);
  });

  test('the default secret route answers the secret the JavaScript API reports', async () => {
    const { request, service } = harness();
    const reply = await request('GET', '/v2/test_helpers/webhook_secret');
    expect(reply.body).toEqual({ secret: service.webhookSecret() });
  });

  test('flush, the delivery list with its filters and resend work over HTTP', async () => {
    const { request, service } = harness();
    let up = false;
    const endpoint = await service.registerWebhookEndpoint({
      handler: () => new Response(up ? 'ok' : 'down', { status: up ? 200 : 503 }),
      events: ['*'],
    });
    const other = await service.registerWebhookEndpoint({ handler: () => new Response('ok'), events: ['*'] });
    const engine = engineOf(service);
    const first = engine.emit('test', 'order.created', {});
    engine.emit('test', 'order.completed', {});
    const flushed = await request('POST', '/v2/test_helpers/webhooks/flush');
    // Both first attempts may finish before the flush request arrives, so only the outcome counts are fixed.
    expect(flushed.body).toMatchObject({ pending: 2, delivered: 2, failed: 0 });

    const byEvent = WebhookDeliveryList.parse(
      (await request('GET', `/v2/test_helpers/webhook_deliveries?event_id=${first.id}`)).body,
    );
    expect(byEvent.data.map((delivery) => delivery.event_id)).toEqual([first.id, first.id]);
    const pending = WebhookDeliveryList.parse(
      (await request('GET', `/v2/test_helpers/webhook_deliveries?status=pending&endpoint_id=${endpoint.id}`))
        .body,
    );
    expect(pending.data).toHaveLength(2);
    expect(
      pending.data.every(
        (delivery) => delivery.endpoint_id === endpoint.id && delivery.attempts[0]?.status_code === 503,
      ),
    ).toBe(true);
    const delivered = WebhookDeliveryList.parse(
      (await request('GET', `/v2/test_helpers/webhook_deliveries?endpoint_id=${other.id}&limit=1`)).body,
    );
    expect(delivered).toMatchObject({ has_more: true });

    const target = pending.data[0]?.id ?? '';
    const refused = await request('POST', `/v2/test_helpers/webhook_deliveries/${target}/resend`);
    expect(refused.status).toBe(409);
    for (let i = 0; i < 5; i++) {
      await request('POST', '/v2/test_helpers/clock/advance', { body: { seconds: 6 * 3600 } });
      await request('POST', '/v2/test_helpers/webhooks/flush');
    }
    up = true;
    // A delivered delivery can be resent on purpose: one more attempt, same event id, delivered again.
    const other200 = delivered.data[0]?.id ?? '';
    const replayed = await request('POST', `/v2/test_helpers/webhook_deliveries/${other200}/resend`);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ id: other200, status: 'delivered' });
    expect(WebhookDelivery.parse(replayed.body).attempts).toHaveLength(2);
    const resent = await request('POST', `/v2/test_helpers/webhook_deliveries/${target}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: target, status: 'delivered' });
    expect((await request('POST', '/v2/test_helpers/webhook_deliveries/whdel_nope/resend')).status).toBe(404);
  });

  test('unknown query parameters and cursors are 400 invalid_request, and live keys get 403', async () => {
    const { request } = harness();
    const unknown = await request('GET', '/v2/test_helpers/webhook_deliveries?colour=blue');
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).code).toBe('invalid_request');
    const cursor = await request('GET', '/v2/test_helpers/webhook_endpoints?starting_after=whep_nope');
    expect(errorOf(cursor)).toMatchObject({ code: 'invalid_request', param: 'starting_after' });
    for (const [method, path] of [
      ['GET', '/v2/test_helpers/webhook_secret'],
      ['GET', '/v2/test_helpers/webhook_endpoints'],
      ['POST', '/v2/test_helpers/webhooks/flush'],
    ] as const) {
      expect((await request(method, path, { key: 'live' })).status).toBe(403);
    }
  });
});
