import { describe, expect, test } from 'vitest';
import { createMockService, MockServiceError } from '../../src/index.ts';
import { eligibleProduct, regularProduct } from '../support/fixtures.ts';

const TEST_KEY = `glm_test_${'a'.repeat(16)}.${'b'.repeat(32)}`;
const LIVE_KEY = `glm_live_${'c'.repeat(16)}.${'d'.repeat(32)}`;

const get = (service: ReturnType<typeof createMockService>, path: string, key = service.keys.test) =>
  service.handle(new Request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${key}` } }));

describe('createMockService', () => {
  test('exact keys are registered and answer; generated keys have the D7 form', async () => {
    const given = createMockService({ keys: { test: TEST_KEY, live: LIVE_KEY } });
    expect(given.keys).toEqual({ test: TEST_KEY, live: LIVE_KEY });
    expect((await get(given, '/v2/orders', LIVE_KEY)).status).toBe(200);
    const generated = createMockService();
    expect(generated.keys.test).toMatch(/^glm_test_[0-9A-Za-z]{16}\.[0-9A-Za-z]{32}$/);
    expect(generated.keys.live).toMatch(/^glm_live_[0-9A-Za-z]{16}\.[0-9A-Za-z]{32}$/);
  });

  test('a malformed key or a key of the wrong mode is refused at creation', () => {
    expect(() => createMockService({ keys: { test: 'glm_test_short.x' } })).toThrow(TypeError);
    expect(() => createMockService({ keys: { test: LIVE_KEY } })).toThrow(TypeError);
  });

  test('an injected random source makes ids and keys reproducible', () => {
    const counter = () => {
      let n = 0;
      return (size: number) => Uint8Array.from({ length: size }, () => n++ % 248);
    };
    expect(createMockService({ random: counter() }).keys).toEqual(
      createMockService({ random: counter() }).keys,
    );
  });

  test('the clock advances by durations and refuses to go back', () => {
    const service = createMockService({ now: '2025-01-01T00:00:00Z' });
    service.clock.advance('1h30m');
    service.clock.advance(500);
    expect(service.clock.now().toISOString()).toBe('2025-01-01T01:30:00.500Z');
    service.clock.set('2025-02-01T00:00:00Z');
    expect(service.clock.now().toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(() => service.clock.set('2024-12-31T00:00:00Z')).toThrow(RangeError);
    expect(() => service.clock.advance('soon')).toThrow(RangeError);
  });

  test('reset returns to the seed, including products seeded after creation, and to the initial time', async () => {
    const service = createMockService({
      now: '2025-01-01T00:00:00Z',
      seed: { products: [eligibleProduct()] },
    });
    service.seed({ products: [regularProduct()] });
    await service.handle(
      new Request('http://127.0.0.1/api/v2/products', {
        method: 'POST',
        headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
        body: JSON.stringify(regularProduct({ merchant_product_id: 'sku-extra' })),
      }),
    );
    service.clock.advance('2d');
    service.reset();
    const list = (await (await get(service, '/api/v2/products')).json()) as {
      data: { merchant_product_id: string }[];
    };
    expect(list.data.map((p) => p.merchant_product_id)).toEqual(['sku-tissue', 'sku-ibuprofen']);
    expect(service.clock.now().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(service.requests()).toHaveLength(1);
  });

  test('an invalid seed throws MockServiceError with the API error', () => {
    const service = createMockService();
    expect(() => service.seed({ products: [eligibleProduct({ price: -5 })] })).toThrow(MockServiceError);
  });

  test('waitForEvent resolves with a logged or a later event and rejects after its timeout', async () => {
    const service = createMockService({ seed: { products: [eligibleProduct()] } });
    const logged = await service.waitForEvent('product.created');
    expect(logged.data['merchant_product_id']).toBe('sku-ibuprofen');
    const later = service.waitForEvent(
      'product.created',
      (event) => event.data['merchant_product_id'] === 'sku-tissue',
    );
    service.seed({ products: [regularProduct()] });
    expect((await later).type).toBe('product.created');
    await expect(service.waitForEvent('order.created', undefined, { timeoutMs: 10 })).rejects.toThrow(
      /order.created/,
    );
  });

  test('test-helper methods throw MockServiceError with the route status', async () => {
    const service = createMockService();
    await expect(service.payCheckout('cs_missing')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});
