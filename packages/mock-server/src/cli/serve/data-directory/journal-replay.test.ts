import { expect, test } from 'vitest';
import { callEveryOperation } from '../../../../test/support/every-operation.ts';
import { eligibleProduct } from '../../../../test/support/fixtures.ts';
import { storeSnapshot } from '../../../../test/support/store-snapshot.ts';
import { createMockService } from '../../../service/create-mock-service.ts';
import type { MockService } from '../../../service/mock-service.ts';
import type { TableChange } from '../../../service/snapshot/state-journal.ts';
import { applyChanges, imageOf, snapshotOf } from './table-image.ts';

const OPTIONS = {
  now: '2025-03-01T12:00:00.000Z',
  rateLimit: false,
  webhooks: { fetch: async () => new Response('nope', { status: 500 }) },
} as const;

const call = async (service: MockService, method: string, path: string, body?: unknown) => {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${service.keys.test}` } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const response = await service.handle(new Request(`http://127.0.0.1/v2${path}`, init));
  return (await response.json()) as Record<string, unknown>;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('replaying the journal gives the state the service holds, background work included', async () => {
  const batches: TableChange[][] = [];
  const service = createMockService({
    ...OPTIONS,
    journal: { write: async (changes) => void batches.push([...changes]) },
  });
  await callEveryOperation((method, path, body) => call(service, method, path, body));
  // Background work, journaled without a request: due jobs and failed webhook attempts with retries.
  service.clock.advance('2d');
  await service.flushWebhooks();
  await settle();
  const image = imageOf(undefined);
  for (const batch of batches) applyChanges(image, batch);
  const replayed = snapshotOf(image, '');
  if (replayed === undefined) throw new Error('the journal was empty');
  const restored = createMockService({ ...OPTIONS, snapshot: replayed });
  expect(storeSnapshot(restored)).toBe(storeSnapshot(service));
  const sorted = (tables: Record<string, unknown[]>) =>
    Object.fromEntries(
      Object.entries(tables)
        .filter(([, rows]) => rows.length > 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  expect(sorted(restored.snapshot().tables)).toEqual(sorted(service.snapshot().tables));
});

test('reset() is journaled as a clear followed by the whole state it comes back to', async () => {
  const batches: TableChange[][] = [];
  const service = createMockService({
    ...OPTIONS,
    seed: { products: [eligibleProduct()] },
    journal: { write: async (changes) => void batches.push([...changes]) },
  });
  await call(service, 'POST', '/products', eligibleProduct({ merchant_product_id: 'sku-gone' }));
  service.reset();
  await call(service, 'POST', '/products', eligibleProduct({ merchant_product_id: 'sku-after' }));
  await settle();
  const image = imageOf(undefined);
  for (const batch of batches) applyChanges(image, batch);
  const replayed = snapshotOf(image, '');
  if (replayed === undefined) throw new Error('the journal was empty');
  expect(storeSnapshot(createMockService({ ...OPTIONS, snapshot: replayed }))).toBe(storeSnapshot(service));
  expect(storeSnapshot(service)).not.toContain('sku-gone');
});

test('a change is answered only once its batch is durable; concurrent requests share batches', async () => {
  const writes: { size: number; done: () => void }[] = [];
  const service = createMockService({
    ...OPTIONS,
    journal: {
      write: (changes) =>
        new Promise<void>((resolve) => writes.push({ size: changes.length, done: resolve })),
    },
  });
  await settle();
  writes.shift()?.done(); // the initial state
  let answered = 0;
  const requests = ['a', 'b', 'c', 'd'].map((sku) =>
    call(service, 'POST', '/products', eligibleProduct({ merchant_product_id: `sku-${sku}` })).then(() => {
      answered += 1;
    }),
  );
  await settle();
  expect(answered).toBe(0);
  expect(writes.length).toBe(1);
  writes.shift()?.done();
  await settle();
  // The first batch may hold only the first requests; the others wait for the next one.
  while (writes.length > 0) {
    writes.shift()?.done();
    await settle();
  }
  await Promise.all(requests);
  expect(answered).toBe(4);
});

test('a journal that cannot write answers 503 in the error body instead of a 2xx', async () => {
  let fail = false;
  const service = createMockService({
    ...OPTIONS,
    journal: {
      write: async () => {
        if (fail) throw new Error('disk full');
      },
    },
  });
  fail = true;
  const response = await service.handle(
    new Request('http://127.0.0.1/v2/products', {
      method: 'POST',
      headers: { authorization: `Bearer ${service.keys.test}`, 'content-type': 'application/json' },
      body: JSON.stringify(eligibleProduct()),
    }),
  );
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({
    error: { code: 'service_unavailable', message: expect.stringContaining('disk full') },
  });
});
