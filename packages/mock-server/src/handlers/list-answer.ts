import type { Answer } from '../http/answer.ts';
import { failure, success } from '../http/answer.ts';
import type { OrderedCollection, Page, StoredId } from '../store/ordered-collection.ts';

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

/** How {@link listAnswer} names, filters and shows the objects of one list. */
export interface ListOptions<T, Out> {
  /** What the list holds, for the unknown-cursor message (`starting_after names no <noun>.`). */
  readonly noun: string;
  /** The list's own filters. */
  readonly where?: ((item: T) => boolean) | undefined;
  /** The wire form of a stored object (a record's resource); the object itself when absent. */
  readonly present?: ((item: T) => Out) | undefined;
}

/**
 * Answers one page: the page in the wire shape, or `400 invalid_request` with param
 * `starting_after` when the cursor names no object (`undefined`).
 */
export function pageAnswer<T, Id extends StoredId, Out = T>(
  page: Page<T, Id> | undefined,
  noun: string,
  present?: (item: T) => Out,
): Answer {
  if (page === undefined) {
    return failure(400, 'invalid_request', `starting_after names no ${noun}.`, { param: 'starting_after' });
  }
  return success(200, present === undefined ? page : { ...page, data: page.data.map(present) });
}

const instant = (iso: string | undefined): number | undefined =>
  iso === undefined ? undefined : Date.parse(iso);

/**
 * Answers a list request over a collection: newest first, `limit`, the `starting_after` cursor,
 * the `created_after`/`created_before` bounds and the list's own filters, in O(limit + log n) without
 * filters. Every list handler shares it, so every list pages and refuses a bad cursor the same way.
 */
export function listAnswer<T, Id extends StoredId, Out = T>(
  collection: OrderedCollection<T, Id>,
  window: ListWindow<Id>,
  options: ListOptions<T, Out>,
): Answer {
  const page = collection.page({
    limit: window.limit,
    startingAfter: window.starting_after,
    createdAfter: instant(window.created_after),
    createdBefore: instant(window.created_before),
    where: options.where,
  });
  return pageAnswer(page, options.noun, options.present);
}
