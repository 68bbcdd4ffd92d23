import { ok } from '@glm/domain';
import { type Outcome, refusal } from '../core/outcome.ts';
import type { OrderedCollection, Page, StoredId } from '../core/store/ordered-collection.ts';

/** The parsed query fields every list shares (`limit`, `starting_after`); filters beyond these go in {@link ListOptions.where}. */
export interface ListWindow<Id extends StoredId> {
  /** Page size, 1–100 (the schema validated it). */
  readonly limit: number;
  /** Cursor: the page starts after this object. */
  readonly starting_after?: Id | undefined;
  /** ISO timestamp; only objects created strictly after it. */
  readonly created_after?: string | undefined;
  /** ISO timestamp; only objects created strictly before it. */
  readonly created_before?: string | undefined;
}

/** How {@link listPage} names, filters and shows the objects of one list. */
export interface ListOptions<T, Out> {
  /** What the list holds, for the unknown-cursor message (`starting_after names no <noun>.`). */
  readonly noun: string;
  /** The list's own filters. */
  readonly where?: ((item: T) => boolean) | undefined;
  /** The wire form of a stored object: a record's resource, or {@link asStored}. */
  readonly present: (item: T) => Out;
}

/** The wire form of an object stored as it is sent (an order, a refund, a product). */
export const asStored = <T>(item: T): T => item;

/**
 * One page in the wire shape, or `invalid_request` with param `starting_after` when the cursor names no
 * object (`undefined`). `present` turns a stored object into its wire form.
 */
export function pageOf<T, Id extends StoredId, Out>(
  page: Page<T, Id> | undefined,
  noun: string,
  present: (item: T) => Out,
): Outcome<Page<Out, Id>> {
  if (page === undefined) {
    return refusal('invalid_request', `starting_after names no ${noun}.`, { param: 'starting_after' });
  }
  return ok({ ...page, data: page.data.map(present) });
}

const instant = (iso: string | undefined): number | undefined =>
  iso === undefined ? undefined : Date.parse(iso);

/**
 * One page of a list over a collection: newest first, `limit`, the `starting_after` cursor,
 * the `created_after`/`created_before` bounds and the list's own filters, in O(limit + log n) without
 * filters. Every list operation shares it, so every list pages and refuses a bad cursor the same way.
 */
export function listPage<T, Id extends StoredId, Out>(
  collection: OrderedCollection<T, Id>,
  window: ListWindow<Id>,
  options: ListOptions<T, Out>,
): Outcome<Page<Out, Id>> {
  const page = collection.page({
    limit: window.limit,
    startingAfter: window.starting_after,
    createdAfter: instant(window.created_after),
    createdBefore: instant(window.created_before),
    where: options.where,
  });
  return pageOf(page, options.noun, options.present);
}
