/** The identifier of a stored object: integer for products, prefixed string for everything else. */
export type StoredId = string | number;

/** One page of a list, in the wire shape `{data, has_more, next_cursor}`. */
export interface Page<T, Id extends StoredId = StoredId> {
  /** The objects of this page, newest first. */
  readonly data: readonly T[];
  /** Whether another page follows. */
  readonly has_more: boolean;
  /** The id to pass as `starting_after` for the next page; `null` on the last page. */
  readonly next_cursor: Id | null;
}

/** What to page over. Time bounds are exclusive, epoch milliseconds. */
interface PageQuery<T, Id extends StoredId> {
  /** Page size, 1–100 (validated by the caller). */
  readonly limit: number;
  /** Cursor: the page starts after this object. */
  readonly startingAfter?: Id | undefined;
  /** Only objects created strictly after this instant. */
  readonly createdAfter?: number | undefined;
  /** Only objects created strictly before this instant. */
  readonly createdBefore?: number | undefined;
  /** Any further filter. */
  readonly where?: ((item: T) => boolean) | undefined;
}

/**
 * A collection kept in creation order. Objects are appended (creation times never decrease because
 * the clock never moves backwards), so a page is found by binary search on the creation time and a map
 * lookup of the cursor, then a walk of at most `limit + 1` matching objects: O(limit + log n) without
 * filters; `where` filters walk past the objects they reject.
 */
export interface OrderedCollection<T, Id extends StoredId> {
  /** Appends a new object; its id must be new. */
  insert(item: T): void;
  /** Replaces a stored object with a new version (same id). */
  update(item: T): void;
  /** The object with this id. */
  get(id: Id): T | undefined;
  /** Whether an object with this id exists. */
  has(id: Id): boolean;
  /** One page, newest first, or `undefined` when the cursor names no object. */
  page(query: PageQuery<T, Id>): Page<T, Id> | undefined;
  /** Every object, newest first. */
  newestFirst(): IterableIterator<T>;
  /** Number of objects. */
  readonly size: number;
}

/**
 * Creates an empty {@link OrderedCollection}; `idOf` and `createdAtOf` read an object's key fields.
 * `onChange`, when given, is told of every inserted or replaced object (how a persistent service
 * journals changes); without it nothing is paid.
 */
export function createOrderedCollection<T, Id extends StoredId>(
  idOf: (item: T) => Id,
  createdAtOf: (item: T) => number,
  onChange?: (id: Id, item: T) => void,
): OrderedCollection<T, Id> {
  const items: T[] = [];
  const times: number[] = [];
  const index = new Map<Id, number>();

  // First position whose creation time is >= `time` (times are non-decreasing).
  const lowerBound = (time: number): number => {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((times[mid] ?? 0) < time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  return {
    insert(item) {
      const id = idOf(item);
      if (index.has(id)) throw new Error(`Duplicate id ${String(id)} in an ordered collection.`);
      const time = createdAtOf(item);
      const last = times[times.length - 1];
      if (last !== undefined && time < last) throw new Error('Objects must be inserted in creation order.');
      index.set(id, items.length);
      items.push(item);
      times.push(time);
      onChange?.(id, item);
    },
    update(item) {
      const position = index.get(idOf(item));
      if (position === undefined)
        throw new Error(`Unknown id ${String(idOf(item))} in an ordered collection.`);
      items[position] = item;
      onChange?.(idOf(item), item);
    },
    get(id) {
      const position = index.get(id);
      return position === undefined ? undefined : items[position];
    },
    has: (id) => index.has(id),
    page({ limit, startingAfter, createdAfter, createdBefore, where }) {
      let start = items.length - 1;
      if (startingAfter !== undefined) {
        const position = index.get(startingAfter);
        if (position === undefined) return undefined;
        start = position - 1;
      }
      if (createdBefore !== undefined) start = Math.min(start, lowerBound(createdBefore) - 1);
      const data: T[] = [];
      let hasMore = false;
      for (let i = start; i >= 0; i--) {
        if (createdAfter !== undefined && (times[i] ?? 0) <= createdAfter) break;
        const item = items[i];
        if (item === undefined || (where !== undefined && !where(item))) continue;
        if (data.length === limit) {
          hasMore = true;
          break;
        }
        data.push(item);
      }
      const last = data[data.length - 1];
      return { data, has_more: hasMore, next_cursor: hasMore && last !== undefined ? idOf(last) : null };
    },
    *newestFirst() {
      for (let i = items.length - 1; i >= 0; i--) {
        const item = items[i];
        if (item !== undefined) yield item;
      }
    },
    get size() {
      return items.length;
    },
  };
}
