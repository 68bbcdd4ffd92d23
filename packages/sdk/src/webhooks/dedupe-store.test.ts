import { expect, test } from 'vitest';
import { createMemoryDedupeStore } from './dedupe-store.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

test('the first claim of an id succeeds and a second one within the ttl does not', async () => {
  const store = createMemoryDedupeStore();
  expect(await store.claim('evt_1', 60)).toBe(true);
  expect(await store.claim('evt_1', 60)).toBe(false);
  expect(await store.claim('evt_2', 60)).toBe(true);
});

test('an id can be claimed again once its ttl has passed', async () => {
  const time = clock();
  const store = createMemoryDedupeStore({ now: time.now });
  await store.claim('evt_1', 60);
  time.advance(59);
  expect(await store.claim('evt_1', 60)).toBe(false);
  time.advance(1);
  expect(await store.claim('evt_1', 60)).toBe(true);
});

test('a released id can be claimed again at once', async () => {
  const store = createMemoryDedupeStore();
  await store.claim('evt_1', 60);
  await store.release('evt_1');
  expect(await store.claim('evt_1', 60)).toBe(true);
});

test('beyond maxEntries the oldest claims are forgotten first', async () => {
  const store = createMemoryDedupeStore({ maxEntries: 2 });
  await store.claim('evt_1', 60);
  await store.claim('evt_2', 60);
  await store.claim('evt_3', 60);
  expect(await store.claim('evt_2', 60)).toBe(false);
  expect(await store.claim('evt_1', 60)).toBe(true);
});
