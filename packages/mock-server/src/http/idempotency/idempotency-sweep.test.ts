import { expect, test } from 'vitest';
import { createIdempotencyStore, IDEMPOTENCY_RETENTION_MS } from './idempotency-store.ts';

const HOUR = 60 * 60 * 1000;

const use = (store: ReturnType<typeof createIdempotencyStore>, key: string, now: number) => {
  const decision = store.begin({ scope: 'test', key, operation: 'POST /checkout', body: {}, text: '', now });
  if (decision.kind === 'proceed') decision.complete({ status: 201, body: { key } }, `req_${key}`);
  return decision.kind;
};

test('keys older than 24 hours on the clock are swept when a later request comes, not kept forever', () => {
  const store = createIdempotencyStore();
  for (let i = 0; i < 1000; i++) use(store, `old-${i}`, i);
  expect(store.size).toBe(1000);
  use(store, 'late', 1000 + IDEMPOTENCY_RETENTION_MS);
  expect(store.size).toBe(1);
});

test('a working set of keys over a long run stays at the keys of the last 24 hours', () => {
  const store = createIdempotencyStore();
  const sizes: number[] = [];
  for (let hour = 0; hour < 24 * 14; hour++) {
    for (let i = 0; i < 10; i++) use(store, `k-${hour}-${i}`, hour * HOUR + i);
    sizes.push(store.size);
  }
  // Each request sweeps its own key of 24 hours before: the last 24 hours of 10 keys each remain.
  expect(Math.max(...sizes.slice(48))).toBe(240);
});

test('a key reused after it expired runs again and is kept from then on', () => {
  const store = createIdempotencyStore();
  use(store, 'a', 0);
  use(store, 'b', HOUR);
  expect(use(store, 'a', IDEMPOTENCY_RETENTION_MS)).toBe('proceed');
  expect(use(store, 'a', IDEMPOTENCY_RETENTION_MS + HOUR)).toBe('answer');
  // 'b' expires before the renewed 'a': the sweep removes 'b' and keeps 'a'.
  use(store, 'c', IDEMPOTENCY_RETENTION_MS + 2 * HOUR);
  expect(store.size).toBe(2);
  expect(use(store, 'a', IDEMPOTENCY_RETENTION_MS + 3 * HOUR)).toBe('answer');
});

test('sweep alone (as the pipeline runs it on every request) forgets what expired by then', () => {
  const store = createIdempotencyStore();
  use(store, 'a', 0);
  use(store, 'b', HOUR);
  store.sweep(IDEMPOTENCY_RETENTION_MS);
  expect(store.size).toBe(1);
  store.sweep(IDEMPOTENCY_RETENTION_MS + HOUR);
  expect(store.size).toBe(0);
});
