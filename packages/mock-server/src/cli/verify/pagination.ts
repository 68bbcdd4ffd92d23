/** Reads one more page: the status and parsed body of `GET <path>` (path under `/v2`, query included). */
export type PageReader = (path: string) => Promise<{ readonly status: number; readonly body: unknown }>;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const firstId = (page: unknown): unknown => {
  const data = record(page)['data'];
  return Array.isArray(data) ? record(data[0])['id'] : undefined;
};

/**
 * Checks the cursor pagination of a list answer read with `limit=1` at `path`: at most one item;
 * `has_more: false` comes with `next_cursor: null`; `has_more: true` with a cursor, and
 * `starting_after=<cursor>` then answers 200 with a page that starts at another item. Answers the
 * first difference, or `undefined`. The shapes themselves were checked against the document before.
 */
export async function paginationDifference(
  path: string,
  page: unknown,
  read: PageReader,
): Promise<string | undefined> {
  const { data, has_more: hasMore, next_cursor: cursor } = record(page);
  if (Array.isArray(data) && data.length > 1) return `limit=1 answered ${data.length} items`;
  if (hasMore !== true) {
    return cursor === null || cursor === undefined
      ? undefined
      : `has_more is false but next_cursor is ${JSON.stringify(cursor)}`;
  }
  if (cursor === null || cursor === undefined) return 'has_more is true but next_cursor is null';
  const separator = path.includes('?') ? '&' : '?';
  const nextPath = `${path}${separator}starting_after=${encodeURIComponent(String(cursor))}`;
  const next = await read(nextPath);
  if (next.status !== 200) return `the next page (starting_after=${String(cursor)}) answered ${next.status}`;
  const first = firstId(page);
  const following = firstId(next.body);
  if (following === undefined)
    return `the next page (starting_after=${String(cursor)}) is empty though has_more was true`;
  if (following === first) return `the next page starts again at ${JSON.stringify(first)}`;
  return undefined;
}
