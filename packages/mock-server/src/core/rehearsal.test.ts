import { expect, test } from 'vitest';
import { eligibleProduct } from '../../test/support/fixtures.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { engineOf } from '../service/private-handles.ts';
import { rehearse } from './rehearsal.ts';

test('a rehearsal sees the whole state, and what it changes never reaches the service', async () => {
  const mock = createMockService({ now: '2025-03-01T12:00:00Z', seed: { products: [eligibleProduct()] } });
  const engine = engineOf(mock);
  const seen = rehearse(engine, (scratch) => {
    expect(scratch).not.toBe(engine);
    const before = [...scratch.store.products.newestFirst()].map((product) => product.merchant_product_id);
    scratch.store.lastProductId = 99;
    scratch.advance(86_400_000);
    scratch.emit('test', 'product.updated', { id: 1 });
    return { before, now: scratch.now().toISOString() };
  });
  expect(seen).toEqual({ before: ['sku-ibuprofen'], now: '2025-03-02T12:00:00.000Z' });
  expect(engine.store.lastProductId).toBe(1);
  expect(mock.clock.now().toISOString()).toBe('2025-03-01T12:00:00.000Z');
  expect(mock.events().map((event) => event.type)).toEqual(['product.created']);
});

test('an engine no service made cannot be rehearsed', () => {
  const engine = { ...engineOf(createMockService()) };
  expect(() => rehearse(engine, () => 1)).toThrow(TypeError);
});
