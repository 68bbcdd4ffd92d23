import { expect, test } from 'vitest';
import { type PageReader, paginationDifference } from './pagination.ts';

const page = (ids: string[], hasMore: boolean, cursor: string | null) => ({
  data: ids.map((id) => ({ id })),
  has_more: hasMore,
  next_cursor: cursor,
});

/** A reader that answers `next` and records the paths it was asked for. */
function reader(status: number, next: unknown): PageReader & { paths: string[] } {
  const paths: string[] = [];
  return Object.assign(
    async (path: string) => {
      paths.push(path);
      return { status, body: next };
    },
    { paths },
  );
}

test('a page with more reads the next one through starting_after and finds another item: no difference', async () => {
  const read = reader(200, page(['ord_b'], false, null));
  expect(await paginationDifference('/orders?limit=1', page(['ord_a'], true, 'ord_a'), read)).toBeUndefined();
  expect(read.paths).toEqual(['/orders?limit=1&starting_after=ord_a']);
});

test('the last page with no cursor reads nothing more: no difference', async () => {
  const read = reader(500, undefined);
  expect(await paginationDifference('/orders?limit=1', page(['ord_a'], false, null), read)).toBeUndefined();
  expect(read.paths).toEqual([]);
});

test.each([
  [
    'has_more without a cursor',
    page(['ord_a'], true, null),
    reader(200, {}),
    'has_more is true but next_cursor is null',
  ],
  [
    'a cursor without has_more',
    page(['ord_a'], false, 'ord_a'),
    reader(200, {}),
    'has_more is false but next_cursor is "ord_a"',
  ],
  [
    'more items than the limit',
    page(['ord_a', 'ord_b'], true, 'ord_b'),
    reader(200, {}),
    'limit=1 answered 2 items',
  ],
  [
    'a next page that repeats the first',
    page(['ord_a'], true, 'ord_a'),
    reader(200, page(['ord_a'], false, null)),
    'the next page starts again at "ord_a"',
  ],
  [
    'a cursor the server refuses',
    page(['ord_a'], true, 'ord_a'),
    reader(400, {}),
    'the next page (starting_after=ord_a) answered 400',
  ],
  [
    'an empty next page',
    page(['ord_a'], true, 'ord_a'),
    reader(200, page([], false, null)),
    'the next page (starting_after=ord_a) is empty though has_more was true',
  ],
])('%s is a difference', async (_name, first, read, message) => {
  expect(await paginationDifference('/orders?limit=1', first, read)).toBe(message);
});
