import { describe, expect, test } from 'vitest';
import { checkoutRequest, paymentLinkRequest, subscriptionRequest } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

import { storeSnapshot } from '../support/store-snapshot.ts';
import { buildWorld, type World } from '../support/world.ts';

/** A request body written as raw JSON text, so that `__proto__` is a key of the text as sent. */
interface Case {
  readonly name: string;
  readonly method: string;
  readonly path: (world: World) => string;
  readonly body: (world: World) => object;
  /** The error code of a mistyped field on this route. */
  readonly code: string;
}

const CASES: readonly Case[] = [
  {
    name: 'checkout creation',
    method: 'POST',
    path: () => '/api/v2/checkout',
    body: () => checkoutRequest(['sku-ibuprofen']),
    code: 'bad_request',
  },
  {
    name: 'payment link creation',
    method: 'POST',
    path: () => '/v2/payment-links',
    body: () => paymentLinkRequest(),
    code: 'invalid_request',
  },
  {
    name: 'refund creation',
    method: 'POST',
    path: () => '/api/v2/refunds',
    body: (world) => ({ order_id: world.orderId, amount_cents: 50, reason: 'other' }),
    code: 'invalid_request',
  },
  {
    name: 'product update',
    method: 'PUT',
    path: (world) => `/api/v2/products/${world.productId}`,
    body: () => ({ name: 'Renamed' }),
    code: 'invalid_request',
  },
  {
    name: 'subscription creation',
    method: 'POST',
    path: () => '/v2/subscriptions',
    body: (world) => subscriptionRequest(world.customerId, world.paymentMethodId),
    code: 'invalid_request',
  },
];

/** The body as JSON text with `metadata` holding `{"<key>": <value>}` written literally. */
const withMetadataKey = (body: object, key: string, value: string): string =>
  JSON.stringify({ ...body, metadata: { keep: 'me' } }).replace(
    '"metadata":{"keep":"me"}',
    `"metadata":{"keep":"me","${key}":${value}}`,
  );

describe.each(TRANSPORTS)('prototype keys in requests over %s', (transport) => {
  const harness = useHarness(transport);

  test.each(
    CASES.flatMap((c) => ['__proto__', 'constructor', 'prototype'].map((key) => [c.name, key, c] as const)),
  )(
    '%s with metadata.%s is refused with 400 naming the field, and changes nothing',
    async (_name, key, { method, path, body, code }) => {
      const world = await buildWorld(harness());
      const before = storeSnapshot(harness().service);
      for (const value of ['"x"', '{"polluted":"yes"}']) {
        const reply = await harness().request(method, path(world), {
          rawBody: withMetadataKey(body(world), key, value),
          headers: { 'content-type': 'application/json', 'idempotency-key': `proto-${key}` },
        });
        expect(reply.status).toBe(400);
        expect(errorOf(reply)).toMatchObject({ code, param: `metadata.${key}` });
        expect(String(errorOf(reply).message)).toContain('reserved');
        expect(reply.headers.get('x-request-id')).toMatch(/^req_/);
      }
      expect(storeSnapshot(harness().service)).toBe(before);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      // The refusal was not kept: the corrected request runs with the same key.
      const corrected = await harness().request(method, path(world), {
        body: { ...body(world), metadata: { keep: 'me' } },
        headers: { 'idempotency-key': `proto-${key}` },
      });
      expect(corrected.status).toBeLessThan(300);
    },
  );

  test('a top-level __proto__ key is refused with 400 naming it', async () => {
    const before = storeSnapshot(harness().service);
    const reply = await harness().request('POST', '/v2/payment-links', {
      rawBody: JSON.stringify(paymentLinkRequest()).replace('{', '{"__proto__":"x",'),
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'invalid_request', param: '__proto__' });
    expect(storeSnapshot(harness().service)).toBe(before);
  });

  test('a __proto__ query parameter is refused with 400 naming it', async () => {
    const reply = await harness().request('GET', '/v2/orders?__proto__=x');
    expect(reply.status).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'invalid_request', param: '__proto__' });
  });
});
