import { APIPromise } from './api-promise.ts';
import { GlmError } from './errors/glm-error.ts';

/** Where a walk over the pages stops early: after `maxPages` pages, or before the first item `until` picks. */
export interface WalkOptions<Item> {
  /** At most this many pages are fetched, the first included (a positive integer). Default: no bound. */
  readonly maxPages?: number | undefined;
  /**
   * Stops the walk at the first item for which it returns true: that item is left out and no further
   * page is fetched (e.g. `(order) => order.created_at < since` on a list newest first).
   */
  readonly until?: ((item: Item) => boolean) | undefined;
}

/** The bound {@link Page.toArray} and {@link PagePromise.toArray} require, so a walk cannot run away. */
export interface ToArrayOptions<Item = unknown> extends WalkOptions<Item> {
  /** At most this many items are collected (a positive integer); pages stop being fetched once reached. */
  readonly limit: number;
}

/** A list cursor: a product id (integer) or an object id (string). */
export type Cursor = string | number;

/** Fetches the page after the given cursor, with the original call's filters and options. */
export type FetchPage<Item, C extends Cursor> = (cursor: C) => PagePromise<Item, C>;

function checkBound(value: number | undefined, name: string): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 1)) {
    throw new GlmError(`${name} must be a positive integer; got ${String(value)}.`);
  }
}

/**
 * One page of a cursor-paginated list, newest first. Iterate it with `for await` to walk this page and every
 * page after it; or step by hand with {@link Page.hasNextPage} and {@link Page.getNextPage}.
 */
export class Page<Item, C extends Cursor = string> implements AsyncIterable<Item> {
  /** The items of this page. */
  readonly data: Item[];
  /** Whether the service has more items after this page. */
  readonly hasMore: boolean;
  /** The cursor of the next page (`starting_after`), null on the last page. */
  readonly nextCursor: C | null;
  readonly #fetchPage: FetchPage<Item, C>;

  /** Wraps one answered page with the way to fetch the next one. @internal */
  constructor(
    wire: { data: Item[]; has_more: boolean; next_cursor: C | null },
    fetchPage: FetchPage<Item, C>,
  ) {
    this.data = wire.data;
    this.hasMore = wire.has_more;
    this.nextCursor = wire.next_cursor;
    this.#fetchPage = fetchPage;
  }

  /** True when a next page exists. */
  hasNextPage(): boolean {
    return this.hasMore && this.nextCursor !== null;
  }

  /** Fetches the next page; rejects with a {@link GlmError} when this is the last one. */
  getNextPage(): PagePromise<Item, C> {
    if (!this.hasNextPage()) {
      // Never parsed: the call it stands for rejects.
      return new PagePromise<Item, C>(
        Promise.reject(new GlmError('This is the last page: check hasNextPage() first.')),
        (raw) => ({ value: raw.body as never }),
      );
    }
    return this.#fetchPage(this.nextCursor as C);
  }

  /**
   * Walks this page and the following ones, fetching each only when the previous is used up, and at
   * most `maxPages` of them.
   */
  async *iterPages(
    options: Pick<WalkOptions<Item>, 'maxPages'> = {},
  ): AsyncGenerator<Page<Item, C>, void, undefined> {
    checkBound(options.maxPages, 'maxPages');
    let page: Page<Item, C> = this;
    yield page;
    for (let pages = 1; page.hasNextPage() && pages !== options.maxPages; pages++) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /** Walks the items of this page and the following ones, stopping where `options` say. */
  async *items(options: WalkOptions<Item> = {}): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.iterPages(options)) {
      for (const item of page.data) {
        if (options.until?.(item) === true) return;
        yield item;
      }
    }
  }

  /** Walks every item of this page and the following ones. */
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    return this.items();
  }

  /** Collects items from this page on, up to `limit` (and within `maxPages` and `until`). */
  async toArray(options: ToArrayOptions<Item>): Promise<Item[]> {
    checkBound(options.limit ?? Number.NaN, 'toArray limit');
    const items: Item[] = [];
    for await (const item of this.items(options)) {
      items.push(item);
      if (items.length >= options.limit) break;
    }
    return items;
  }
}

/**
 * What a `list` method returns: await it for the first {@link Page}, or iterate it directly with
 * `for await` to walk every item of every page.
 *
 * @example
 * for await (const product of glm.products.list({ status: 'active' })) {
 *   console.log(product.name);
 * }
 * const first50 = await glm.orders.list().toArray({ limit: 50 });
 */
export class PagePromise<Item, C extends Cursor = string>
  extends APIPromise<Page<Item, C>>
  implements AsyncIterable<Item>
{
  /** The first page (the same as awaiting this promise). */
  page(): Promise<Page<Item, C>> {
    return this.then((page) => page);
  }

  /** Walks every item of every page. */
  [Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    return this.items();
  }

  /**
   * Walks the items of every page, stopping where `options` say: after `maxPages` pages, or before the
   * first item `until` picks.
   *
   * @example
   * for await (const order of glm.orders.list().items({ maxPages: 5, until: (o) => o.created_at < since })) {
   *   audit(order);
   * }
   */
  async *items(options: WalkOptions<Item> = {}): AsyncGenerator<Item, void, undefined> {
    const first = await this;
    yield* first.items(options);
  }

  /** Collects items across pages, up to `limit` (required: an unbounded walk is a choice to make explicitly). */
  async toArray(options: ToArrayOptions<Item>): Promise<Item[]> {
    checkBound(options.limit ?? Number.NaN, 'toArray limit');
    const first = await this;
    return first.toArray(options);
  }
}
