import { Product } from '@glm/domain';
import { describe, expect, test } from 'vitest';
import { eligibleProduct, regularProduct } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

describe.each(TRANSPORTS)('the request pipeline over %s', (transport) => {
  const harness = useHarness(transport);

  test('an unknown path is 404 not_found in the error shape, with an x-request-id', async () => {
    for (const path of ['/v2/nothing', '/v3/products', '/', '/api/v2/products/1/extra']) {
      const reply = await harness().request('GET', path);
      expect(reply.status).toBe(404);
      expect(errorOf(reply).code).toBe('not_found');
      expect(reply.headers.get('x-request-id')).toMatch(/^req_[0-9A-Za-z]{24}$/);
    }
  });

  test('a known path with the wrong method is 405 with an Allow header', async () => {
    const reply = await harness().request('DELETE', '/api/v2/products');
    expect(reply.status).toBe(405);
    expect(errorOf(reply).code).toBe('method_not_allowed');
    expect(reply.headers.get('allow')).toBe('GET, POST');
  });

  test('every bad key gets the same 401 body', async () => {
    const { request, service } = harness();
    const [, token = ''] = service.keys.test.split('.');
    const variants = [
      null,
      { raw: '' },
      { raw: 'not-a-key' },
      // The last character changed (to another one, whatever it was).
      { raw: `${service.keys.test.slice(0, -1)}${service.keys.test.endsWith('X') ? 'Y' : 'X'}` },
      { raw: `glm_test_${'A'.repeat(16)}.${'B'.repeat(32)}` },
      { raw: service.keys.test.replace('glm_test_', 'glm_live_') },
      { raw: token },
    ] as const;
    const bodies = new Set<string>();
    for (const key of variants) {
      const reply = await request('GET', '/api/v2/products', { key });
      expect(reply.status).toBe(401);
      bodies.add(JSON.stringify(reply.body));
    }
    const basic = await request('GET', '/api/v2/products', {
      key: null,
      headers: { authorization: `Basic ${service.keys.test}` },
    });
    bodies.add(JSON.stringify(basic.body));
    expect([...bodies]).toEqual([
      JSON.stringify({ error: { code: 'unauthorized', message: 'Invalid or missing API key.' } }),
    ]);
  });

  test('a created key works at once and a revoked key is refused on the next request', async () => {
    const { request, service } = harness();
    const created = await request('POST', '/v2/test_helpers/api_keys', {
      body: { mode: 'live', name: 'CI' },
    });
    expect(created.status).toBe(201);
    const { id, key } = created.body as { id: string; key: string };
    expect(key).toMatch(/^glm_live_[0-9A-Za-z]{16}\.[0-9A-Za-z]{32}$/);
    expect((await request('GET', '/api/v2/products', { key: { raw: key } })).status).toBe(200);
    await service.revokeApiKey(id);
    expect((await request('GET', '/api/v2/products', { key: { raw: key } })).status).toBe(401);
    expect((await request('DELETE', '/v2/test_helpers/api_keys/unknown')).status).toBe(404);
  });

  test('a body over 1 MiB is 413, a non-JSON body 415, malformed JSON 400 invalid_request', async () => {
    const { request } = harness();
    const big = await request('POST', '/api/v2/products', {
      rawBody: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([big.status, errorOf(big).code]).toEqual([413, 'payload_too_large']);
    const text = await request('POST', '/api/v2/products', {
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect([text.status, errorOf(text).code]).toEqual([415, 'unsupported_media_type']);
    const broken = await request('POST', '/api/v2/products', {
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect([broken.status, errorOf(broken).code]).toEqual([400, 'invalid_request']);
  });

  test('the journal records every answered request', async () => {
    const { request, service } = harness();
    await request('GET', '/api/v2/products?limit=1');
    const reply = await request('GET', '/v2/nothing');
    const journal = service.requests();
    expect(journal.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
      ['GET', '/api/v2/products', 200],
      ['GET', '/v2/nothing', 404],
    ]);
    expect(journal[1]?.request_id).toBe(reply.headers.get('x-request-id'));
  });
});

describe.each(TRANSPORTS)('idempotency over %s', (transport) => {
  const harness = useHarness(transport);
  const post = (body: unknown, key: string, path = '/api/v2/products') =>
    harness().request('POST', path, { body, headers: { 'idempotency-key': key } });

  test('repeating a key with the same body replays the original answer without creating again', async () => {
    const first = await post(eligibleProduct(), 'k-1');
    const again = await post({ ...eligibleProduct() }, 'k-1');
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(harness().service.events({ type: 'product.created' })).toHaveLength(1);
  });

  test('the same key with another body or on another path is 400 idempotency_error', async () => {
    await post(eligibleProduct(), 'k-2');
    const other = await post(regularProduct(), 'k-2');
    expect([other.status, errorOf(other).code]).toEqual([400, 'idempotency_error']);
    const elsewhere = await post({ product_name: 'x' }, 'k-2', '/api/v2/products/check-eligibility');
    expect(errorOf(elsewhere).code).toBe('idempotency_error');
  });

  test('an error answer is kept too, and a key is forgotten after 24 hours', async () => {
    const refused = await post(eligibleProduct({ price: -1 }), 'k-3');
    expect(refused.status).toBe(400);
    expect((await post(eligibleProduct({ price: -1 }), 'k-3')).headers.get('idempotent-replayed')).toBe(
      'true',
    );
    harness().service.clock.advance('24h');
    expect((await post(eligibleProduct({ price: -1 }), 'k-3')).headers.get('idempotent-replayed')).toBeNull();
  });

  test('keys are scoped by mode', async () => {
    const { request } = harness();
    const test = await post(eligibleProduct(), 'k-4');
    const live = await request('POST', '/api/v2/products', {
      body: eligibleProduct(),
      key: 'live',
      headers: { 'idempotency-key': 'k-4' },
    });
    expect(test.status).toBe(201);
    expect(live.status).toBe(409);
    expect(live.headers.get('idempotent-replayed')).toBeNull();
  });

  test('100 concurrent requests with one key create exactly one object', async () => {
    const replies = await Promise.all(Array.from({ length: 100 }, () => post(eligibleProduct(), 'k-5')));
    expect(harness().service.events({ type: 'product.created' })).toHaveLength(1);
    const created = replies.filter((reply) => reply.status === 201);
    expect(new Set(created.map((reply) => Product.parse(reply.body).id)).size).toBe(1);
    for (const reply of replies) {
      expect(reply.status === 201 || (reply.status === 409 && errorOf(reply).code === 'conflict')).toBe(true);
    }
  });
});
