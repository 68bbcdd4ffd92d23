import { CheckoutSessionEnvelope, PaymentLink } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { checkoutRequest, paymentLinkRequest } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

import { storeSnapshot } from '../support/store-snapshot.ts';
import { buildWorld } from '../support/world.ts';

describe.each(TRANSPORTS)('mode isolation (D6) over %s', (transport) => {
  const harness = useHarness(transport);

  test('a live key gets 404 not_found for a test-mode object of every kind it can name, and changes nothing', async () => {
    const h = harness();
    const world = await buildWorld(h);
    const before = storeSnapshot(h.service);
    const asLive = [
      ['GET', `/api/v2/checkout/${world.openCheckoutId}`, undefined],
      ['GET', `/v2/payment-links/${world.linkId}`, undefined],
      ['POST', `/v2/payment-links/${world.linkId}/cancel`, {}],
      ['GET', `/v2/orders/${world.orderId}`, undefined],
      ['GET', `/v2/orders/${world.disputedOrderId}`, undefined],
      ['GET', `/api/v2/refunds/${world.refundId}`, undefined],
      ['POST', '/api/v2/refunds', { order_id: world.orderId, reason: 'other' }],
    ] as const;
    for (const [method, path, body] of asLive) {
      const reply = await h.request(method, path, { key: 'live', ...(body === undefined ? {} : { body }) });
      expect([reply.status, errorOf(reply).code], `${method} ${path}`).toEqual([404, 'not_found']);
    }
    expect(storeSnapshot(h.service)).toBe(before);
  });

  test("a live key's lists show none of the test mode's objects; the shared catalog shows in both", async () => {
    const h = harness();
    await buildWorld(h);
    for (const path of ['/v2/orders', '/v2/payment-links', '/api/v2/refunds']) {
      const test = await h.request('GET', path);
      const live = await h.request('GET', path, { key: 'live' });
      expect((test.body as { data: unknown[] }).data.length, path).toBeGreaterThan(0);
      expect(live.body, path).toEqual({ data: [], has_more: false, next_cursor: null });
    }
    const catalog = await h.request('GET', '/api/v2/products', { key: 'live' });
    expect((catalog.body as { data: unknown[] }).data).toHaveLength(2);
  });

  test('a test key gets 404 for live objects, and test helpers cannot act on them', async () => {
    const h = harness();
    await buildWorld(h);
    const created = await h.request('POST', '/api/v2/checkout', {
      key: 'live',
      body: checkoutRequest(['sku-tissue']),
    });
    const session = CheckoutSessionEnvelope.parse(created.body).data;
    const link = PaymentLink.parse(
      (await h.request('POST', '/v2/payment-links', { key: 'live', body: paymentLinkRequest() })).body,
    );
    const before = storeSnapshot(h.service);
    for (const [method, path] of [
      ['GET', `/api/v2/checkout/${session.checkout_id}`],
      ['GET', `/v2/payment-links/${link.id}`],
      ['POST', `/v2/payment-links/${link.id}/cancel`],
      ['POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`],
      ['POST', `/v2/test_helpers/payment-links/${link.id}/pay`],
    ] as const) {
      const reply = await h.request(method, path, method === 'POST' ? { body: {} } : {});
      expect([reply.status, errorOf(reply).code], `${method} ${path}`).toEqual([404, 'not_found']);
    }
    expect(storeSnapshot(h.service)).toBe(before);
    const events = await h.request('GET', '/v2/test_helpers/events?type=payment_link.created&limit=100');
    const ids = (events.body as { data: { data: { id: string } }[] }).data.map((event) => event.data.id);
    expect(ids).not.toContain(link.id);
    expect(
      h.service.events({ mode: 'live', type: 'payment_link.created' }).map((event) => event.data['id']),
    ).toEqual([link.id]);
  });
});
