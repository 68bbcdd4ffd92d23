import { CheckoutSessionEnvelope } from '@glm/domain';
import { FaultRule, FaultRuleList } from '@glm/domain/test-helpers';
import { describe, expect, test } from 'vitest';
import { checkoutRequest, eligibleProduct } from '../support/fixtures.ts';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';

// D32: faults on demand, through both transports.

const checkoutCount = (snapshot: string): number =>
  (JSON.parse(snapshot) as { modes: { test: { checkouts?: unknown[] } } }).modes.test.checkouts?.length ?? 0;

describe.each(TRANSPORTS)('faults over %s', (transport) => {
  const harness = useHarness(transport, { seed: { products: [eligibleProduct()] } });

  test('a Glm-Mock-Fault status answers in the endpoint’s envelope, marked, with a request id, and changes nothing', async () => {
    const h = harness();
    const before = storeSnapshot(h.service);
    const reply = await h.request('POST', '/api/v2/checkout', {
      body: checkoutRequest(['sku-ibuprofen']),
      headers: { 'glm-mock-fault': 'status=503', 'idempotency-key': 'k-before' },
    });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('glm-mock-fault')).toBe('header');
    const requestId = reply.headers.get('x-request-id');
    expect(requestId).toMatch(/^req_/);
    expect(reply.body).toMatchObject({
      success: false,
      error: { code: 'service_unavailable' },
      metadata: { request_id: requestId },
    });
    expect(String(errorOf(reply).message)).toContain('Glm-Mock-Fault');
    expect(storeSnapshot(h.service)).toBe(before);
    // No idempotency record was kept: the retry with the same key runs.
    const retry = await h.request('POST', '/api/v2/checkout', {
      body: checkoutRequest(['sku-ibuprofen']),
      headers: { 'idempotency-key': 'k-before' },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(checkoutCount(storeSnapshot(h.service))).toBe(1);
  });

  test('code picks the body’s code, and a 429 carries Retry-After', async () => {
    const h = harness();
    const reply = await h.request('GET', '/v2/products', {
      headers: { 'glm-mock-fault': 'status=429' },
    });
    expect([reply.status, errorOf(reply).code]).toEqual([429, 'rate_limit_exceeded']);
    expect(reply.headers.get('retry-after')).toBe('1');
    const coded = await h.request('GET', '/v2/products', {
      headers: { 'glm-mock-fault': 'status=400;code=bad_request' },
    });
    expect([coded.status, errorOf(coded).code]).toEqual([400, 'bad_request']);
  });

  test('when=after commits the work and its idempotency record, then a retry with the key replays the original', async () => {
    const h = harness();
    const lost = await h.request('POST', '/api/v2/checkout', {
      body: checkoutRequest(['sku-ibuprofen']),
      headers: { 'glm-mock-fault': 'status=500;when=after', 'idempotency-key': 'k-after' },
    });
    expect([lost.status, errorOf(lost).code]).toEqual([500, 'internal_error']);
    expect(String(errorOf(lost).message)).toContain('carried out');
    expect(checkoutCount(storeSnapshot(h.service))).toBe(1);
    const retry = await h.request('POST', '/api/v2/checkout', {
      body: checkoutRequest(['sku-ibuprofen']),
      headers: { 'idempotency-key': 'k-after' },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(checkoutCount(storeSnapshot(h.service))).toBe(1);
    const [created] = h.service.requests({ operation: 'createCheckoutSession', status: 500 });
    expect(created).toMatchObject({ fault: 'header', idempotency_key: 'k-after' });
    // The replay is the original answer: its request id is the faulted request's own.
    expect(CheckoutSessionEnvelope.parse(retry.body).metadata.request_id).toBe(created?.id);
  });

  test.each([
    ['stauts=503', 'unknown key'],
    ['status=418', 'status'],
    ['network=truncated;when=before', 'when'],
    ['', 'empty'],
  ])(
    'a malformed header (%s) is 400 naming the header, before the operation, and changes nothing',
    async (header, words) => {
      const h = harness();
      const before = storeSnapshot(h.service);
      const reply = await h.request('POST', '/api/v2/checkout', {
        body: checkoutRequest(['sku-ibuprofen']),
        headers: { 'glm-mock-fault': header, 'idempotency-key': 'k-bad' },
      });
      expect([reply.status, errorOf(reply).code, errorOf(reply).param]).toEqual([
        400,
        'invalid_request',
        'Glm-Mock-Fault',
      ]);
      expect(String(errorOf(reply).message)).toContain(words);
      expect(storeSnapshot(h.service)).toBe(before);
      // Refused before idempotency: the corrected retry with the same key runs.
      const retry = await h.request('POST', '/api/v2/checkout', {
        body: checkoutRequest(['sku-ibuprofen']),
        headers: { 'idempotency-key': 'k-bad' },
      });
      expect(retry.status).toBe(201);
    },
  );

  test('a live key asking for a fault gets 403 and nothing runs; live requests are never caught by rules', async () => {
    const h = harness();
    const before = storeSnapshot(h.service);
    const asked = await h.request('POST', '/v2/products', {
      key: 'live',
      body: eligibleProduct({ merchant_product_id: 'sku-live' }),
      headers: { 'glm-mock-fault': 'status=503' },
    });
    expect([asked.status, errorOf(asked).code, errorOf(asked).param]).toEqual([
      403,
      'forbidden',
      'Glm-Mock-Fault',
    ]);
    const rule = await h.request('POST', '/v2/test_helpers/faults', {
      key: 'live',
      body: { fault: { status: 503 } },
    });
    expect(rule.status).toBe(403);
    expect(storeSnapshot(h.service)).toBe(before);
    h.service.faults.add({ fault: { status: 503 }, times: null });
    expect((await h.request('GET', '/v2/products', { key: 'live' })).status).toBe(200);
    expect((await h.request('GET', '/v2/products')).status).toBe(503);
  });

  test('test helpers, the OpenAPI document, /healthz and unknown routes are never faulted', async () => {
    const h = harness();
    h.service.faults.add({ fault: { status: 503 }, times: null });
    const header = { 'glm-mock-fault': 'status=500' };
    expect((await h.request('GET', '/v2/test_helpers/faults', { headers: header })).status).toBe(200);
    expect((await h.request('GET', '/openapi.json', { headers: header })).status).toBe(200);
    expect((await h.request('GET', '/healthz', { headers: header, key: null })).status).toBe(200);
    expect((await h.request('GET', '/v2/no-such-thing', { headers: header })).status).toBe(404);
    expect((await h.request('PUT', '/v2/orders', { headers: header })).status).toBe(405);
    const removed = await h.request('DELETE', '/v2/test_helpers/faults');
    expect(removed.body).toEqual({ deleted: 1 });
    expect((await h.request('GET', '/v2/products')).status).toBe(200);
  });

  test('rules over HTTP: added with defaults, matched by method, path and operation, used up, listed and removed', async () => {
    const h = harness();
    const created = await h.request('POST', '/v2/test_helpers/faults', {
      body: { match: { method: 'get', path: '/api/v2/products/:id' }, fault: { status: 500 }, times: 2 },
    });
    expect(created.status).toBe(201);
    const rule = FaultRule.parse(created.body);
    expect(rule).toMatchObject({
      id: expect.stringMatching(/^flt_/),
      times: 2,
      remaining: 2,
      probability: 1,
    });
    expect((await h.request('GET', '/v2/products')).status).toBe(200);
    const hit = await h.request('GET', '/v2/products/1');
    expect([hit.status, hit.headers.get('glm-mock-fault')]).toEqual([500, rule.id]);
    const listed = FaultRuleList.parse((await h.request('GET', '/v2/test_helpers/faults')).body);
    expect(listed.data.map((one) => one.remaining)).toEqual([1]);
    expect((await h.request('GET', '/api/v2/products/1')).status).toBe(500);
    expect((await h.request('GET', '/v2/products/1')).status).toBe(200);
    expect(FaultRuleList.parse((await h.request('GET', '/v2/test_helpers/faults')).body).data).toEqual([]);

    const byOperation = FaultRule.parse(
      (
        await h.request('POST', '/v2/test_helpers/faults', {
          body: { match: { operation: 'listProducts' }, fault: { status: 503 }, times: null },
        })
      ).body,
    );
    expect((await h.request('GET', '/v2/products')).status).toBe(503);
    const gone = await h.request('DELETE', `/v2/test_helpers/faults/${byOperation.id}`);
    expect(FaultRule.parse(gone.body).id).toBe(byOperation.id);
    expect((await h.request('GET', '/v2/products')).status).toBe(200);
    const again = await h.request('DELETE', `/v2/test_helpers/faults/${byOperation.id}`);
    expect([again.status, errorOf(again).code]).toEqual([404, 'not_found']);
  });

  test.each([
    [{ fault: {} }, 'fault'],
    [{ fault: { status: 503 }, times: 0 }, 'times'],
    [{ fault: { status: 503 }, probability: 2 }, 'probability'],
    [{ match: { path: '/v2/test_helpers/reset' }, fault: { status: 503 } }, 'match.path'],
    [{ match: { method: 'PATCH' }, fault: { status: 503 } }, 'match.method'],
    [{ fault: { network: 'reset', status: 503 } }, 'fault.network'],
    [{ fault: { status: 503 }, colour: 'red' }, 'colour'],
  ])('a malformed rule %j is refused naming %s and adds nothing', async (body, param) => {
    const h = harness();
    const reply = await h.request('POST', '/v2/test_helpers/faults', { body });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(errorOf(reply).param).toBe(param);
    expect(h.service.faults.list()).toEqual([]);
  });

  test('a delay alone delays a normal answer', async () => {
    const h = harness();
    const started = performance.now();
    const reply = await h.request('GET', '/v2/products', { headers: { 'glm-mock-fault': 'delay=150' } });
    expect(reply.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(reply.headers.get('glm-mock-fault')).toBeNull();
  });

  test('a drawn delay (D41) holds the answer within its range, in the header and in rules; bad parameters are 400 naming the field', async () => {
    const h = harness();
    const started = performance.now();
    const reply = await h.request('GET', '/v2/products', {
      headers: { 'glm-mock-fault': 'delay=uniform(120,140)' },
    });
    expect(reply.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    const tooLong = await h.request('GET', '/v2/products', {
      headers: { 'glm-mock-fault': 'delay=uniform(0,30001)' },
    });
    expect([tooLong.status, errorOf(tooLong).param]).toEqual([400, 'Glm-Mock-Fault']);
    expect(errorOf(tooLong).message).toContain('delay max_ms');
    const rule = await h.request('POST', '/v2/test_helpers/faults', {
      body: {
        match: { operation: 'listProducts' },
        fault: { delay: { distribution: 'lognormal', median_ms: 100, sigma: 0.1 } },
      },
    });
    expect(rule.status).toBe(201);
    const held = performance.now();
    expect((await h.request('GET', '/v2/products')).status).toBe(200);
    expect(performance.now() - held).toBeGreaterThanOrEqual(50);
    for (const [fault, param] of [
      [{ delay: { distribution: 'lognormal', median_ms: 100, sigma: 0 } }, 'fault.delay.sigma'],
      [{ delay: { distribution: 'uniform', min_ms: 0, max_ms: 30_001 } }, 'fault.delay.max_ms'],
    ] as const) {
      const refused = await h.request('POST', '/v2/test_helpers/faults', { body: { fault } });
      expect([refused.status, errorOf(refused).param]).toEqual([400, param]);
    }
    expect(h.service.faults.list()).toEqual([]);
  });

  test('network=slow_body sends the status and headers at once and the whole body at its rate (D41); a rate of 0 is 400 naming it', async () => {
    const h = harness();
    const plain = await h.request('GET', '/v2/products');
    const bytes = new TextEncoder().encode(JSON.stringify(plain.body)).length;
    const rate = Math.max(1, Math.ceil(bytes / 0.4));
    const started = performance.now();
    const slow = await h.request('GET', '/v2/products', {
      headers: { 'glm-mock-fault': `network=slow_body;rate=${rate}` },
    });
    expect(slow.status).toBe(200);
    expect(slow.headers.get('glm-mock-fault')).toBe('header');
    expect((slow.body as { data: unknown[] }).data).toEqual((plain.body as { data: unknown[] }).data);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    const zero = await h.request('GET', '/v2/products', {
      headers: { 'glm-mock-fault': 'network=slow_body;rate=0' },
    });
    expect([zero.status, errorOf(zero).param]).toEqual([400, 'Glm-Mock-Fault']);
    expect(errorOf(zero).message).toContain('rate must be a whole number of bytes a second');
    for (const [fault, param] of [
      [{ network: 'slow_body', rate_bytes_per_second: 0 }, 'fault.rate_bytes_per_second'],
      [{ network: 'slow_body' }, 'fault.rate_bytes_per_second'],
      [{ network: 'reset', rate_bytes_per_second: 10 }, 'fault.rate_bytes_per_second'],
    ] as const) {
      const refused = await h.request('POST', '/v2/test_helpers/faults', { body: { fault } });
      expect([refused.status, errorOf(refused).param]).toEqual([400, param]);
    }
    const rule = await h.request('POST', '/v2/test_helpers/faults', {
      body: {
        match: { operation: 'listProducts' },
        fault: { network: 'slow_body', rate_bytes_per_second: rate },
      },
    });
    expect(FaultRule.parse(rule.body).fault).toEqual({ network: 'slow_body', rate_bytes_per_second: rate });
    const ruled = await h.request('GET', '/v2/products');
    expect(ruled.status).toBe(200);
    expect((ruled.body as { data: unknown[] }).data).toEqual((plain.body as { data: unknown[] }).data);
  });

  test('network=reset drops the connection: the fetch rejects, and with when=after the work is done', async () => {
    const h = harness();
    await expect(
      h.request('POST', '/api/v2/checkout', {
        body: checkoutRequest(['sku-ibuprofen']),
        headers: { 'glm-mock-fault': 'network=reset;when=after', 'idempotency-key': 'k-reset' },
      }),
    ).rejects.toThrow();
    expect(checkoutCount(storeSnapshot(h.service))).toBe(1);
    const [entry] = h.service.requests({ operation: 'createCheckoutSession' });
    expect(entry).toMatchObject({ status: 0, fault: 'header' });
  });

  test('network=timeout holds the answer until the client gives up', async () => {
    const h = harness();
    const started = performance.now();
    await expect(
      h.request('GET', '/v2/products', {
        headers: { 'glm-mock-fault': 'network=timeout' },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    // The server answers the next request as usual.
    expect((await h.request('GET', '/v2/products')).status).toBe(200);
  });

  test('network=truncated sends a 200 whose JSON body stops half-way', async () => {
    const h = harness();
    const reply = h.request('GET', '/v2/products', { headers: { 'glm-mock-fault': 'network=truncated' } });
    await expect(reply).rejects.toThrow();
    expect(h.service.requests({ path: '/v2/products' })[0]).toMatchObject({ status: 200, fault: 'header' });
  });
});
