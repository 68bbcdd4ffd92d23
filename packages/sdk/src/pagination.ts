import { APIPromise } from './api-promise.ts';
import { GlmError } from './errors/glm-error.ts';

/** The bound {@link Page.toArray} and {@link PagePromise.toArray} require, so a walk cannot run away. */
export interface ToArrayOptions {
  /** At most this many items are collected (a positive integer); pages stop being fetched once reached. */
  readonly limit: number;
}

/** A list cursor: a product id (integer) or an object id (string). */
export type Cursor = string | number;

/** Fetches the page after the given cursor, with the original call's filters and options. */
export type FetchPage<Item, C extends Cursor> = (cursor: C) => PagePromise<Item, C>;

function checkLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new GlmError(`toArray needs a positive integer limit; got ${String(limit)}.`);
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

  /** Walks this page and every following one, fetching each only when the previous is used up. */
  async *iterPages(): AsyncGenerator<Page<Item, C>, void, undefined> {
    let page: Page<Item, C> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /** Walks every item of this page and the following ones. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.iterPages()) yield* page.data;
  }

  /** Collects items from this page on, up to `limit`. */
  async toArray(options: ToArrayOptions): Promise<Item[]> {
    checkLimit(options.limit);
    const items: Item[] = [];
    for await (const item of this) {
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
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const first = await this;
    yield* first;
  }

  /** Collects items across pages, up to `limit` (required: an unbounded walk is a choice to make explicitly). */
  async toArray(options: ToArrayOptions): Promise<Item[]> {
    checkLimit(options.limit);
    const first = await this;
    return first.toArray(options);
  }
}
