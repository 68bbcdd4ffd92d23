import { expect, test } from 'vitest';
import { z } from 'zod';
import { AbortError } from './errors/abort-error.ts';
import { createRequester } from './internal/requester.ts';
import type { PagePromise } from './pagination.ts';
import { json, scriptedFetch, testConfig } from './test-support/scripted-fetch.ts';

const Item = z.object({ id: z.string() });
const ItemList = z.object({ data: z.array(Item), has_more: z.boolean(), next_cursor: z.string().nullable() });
type Item = z.infer<typeof Item>;

/** A server of `total` items `i0…`, newest first, pages of `size`, honouring `starting_after`. */
function pagedFetch(total: number, size: number) {
  const ids = Array.from({ length: total }, (_, index) => `i${index}`);
  return scriptedFetch([
    (request) => {
      const after = new URL(request.url).searchParams.get('starting_after');
      const start = after === null ? 0 : ids.indexOf(after) + 1;
      const data = ids.slice(start, start + size).map((id) => ({ id }));
      const hasMore = start + size < total;
      return json(200, { data, has_more: hasMore, next_cursor: hasMore ? (data.at(-1)?.id ?? null) : null });
    },
  ]);
}

function list(fetch: typeof globalThis.fetch, signal?: AbortSignal): PagePromise<Item, string> {
  const requester = createRequester(testConfig(fetch), 'test', 'strict', { ItemList });
  return requester.list<Item, string>(
    (cursor) => ({ method: 'GET', path: '/v2/items', query: { limit: 2, starting_after: cursor } }),
    'ItemList',
    { signal },
  );
}

test('for await walks every item of every page, in order, fetching each page once', async () => {
  const { fetch, seen } = pagedFetch(5, 2);
  const ids: string[] = [];
  for await (const item of list(fetch)) ids.push(item.id);
  expect(ids).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
  expect(seen.map((request) => request.url.searchParams.get('starting_after'))).toEqual([null, 'i1', 'i3']);
});

test('pages can be stepped by hand with hasNextPage and getNextPage', async () => {
  const { fetch } = pagedFetch(3, 2);
  const first = await list(fetch).page();
  expect(first.data.map((item) => item.id)).toEqual(['i0', 'i1']);
  expect(first.hasNextPage()).toBe(true);
  const second = await first.getNextPage();
  expect(second.data.map((item) => item.id)).toEqual(['i2']);
  expect(second.hasNextPage()).toBe(false);
  await expect(second.getNextPage()).rejects.toThrow(/last page/);
});

test('toArray stops at its bound and fetches no page beyond what it needs', async () => {
  const { fetch, seen } = pagedFetch(10, 2);
  const items = await list(fetch).toArray({ limit: 3 });
  expect(items.map((item) => item.id)).toEqual(['i0', 'i1', 'i2']);
  expect(seen).toHaveLength(2);
});

test('toArray refuses a missing or non-positive bound', async () => {
  const { fetch } = pagedFetch(1, 2);
  await expect(list(fetch).toArray({ limit: 0 })).rejects.toThrow(/positive integer/);
  await expect(list(fetch).toArray({ limit: Number.NaN })).rejects.toThrow(/positive integer/);
});

test('aborting the signal during a walk stops it before the next page is fetched', async () => {
  const { fetch, seen } = pagedFetch(10, 2);
  const controller = new AbortController();
  const ids: string[] = [];
  const walk = async (): Promise<void> => {
    for await (const item of list(fetch, controller.signal)) {
      ids.push(item.id);
      if (ids.length === 2) controller.abort();
    }
  };
  await expect(walk()).rejects.toBeInstanceOf(AbortError);
  expect(ids).toEqual(['i0', 'i1']);
  expect(seen).toHaveLength(1);
});

test("a page's meta comes with withResponse", async () => {
  const { fetch } = pagedFetch(1, 2);
  const { data, meta } = await list(fetch).withResponse();
  expect(meta.requestId).toBe('req_200');
  expect(data.data).toEqual([{ id: 'i0' }]);
  expect(data.hasMore).toBe(false);
});

test('maxPages bounds a walk: no page past it is fetched, by items(), iterPages() or toArray()', async () => {
  const { fetch, seen } = pagedFetch(10, 2);
  const ids: string[] = [];
  for await (const item of list(fetch).items({ maxPages: 2 })) ids.push(item.id);
  expect(ids).toEqual(['i0', 'i1', 'i2', 'i3']);
  expect(seen).toHaveLength(2);

  const first = await list(fetch).page();
  const pages: number[] = [];
  for await (const page of first.iterPages({ maxPages: 3 })) pages.push(page.data.length);
  expect(pages).toEqual([2, 2, 2]);
  expect(await list(fetch).toArray({ limit: 100, maxPages: 1 })).toEqual([{ id: 'i0' }, { id: 'i1' }]);
  await expect(list(fetch).toArray({ limit: 5, maxPages: 0 })).rejects.toThrow(
    /maxPages must be a positive integer/,
  );
});

test('until stops a walk before the first item it picks, and fetches no page after it', async () => {
  const { fetch, seen } = pagedFetch(10, 2);
  const items = await list(fetch).toArray({ limit: 100, until: (item) => item.id === 'i3' });
  expect(items.map((item) => item.id)).toEqual(['i0', 'i1', 'i2']);
  expect(seen).toHaveLength(2);
});
