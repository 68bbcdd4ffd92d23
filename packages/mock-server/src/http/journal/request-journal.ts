import type { JournalEntry } from '@glm/domain/test-helpers';
import { pathFits, unversionedPath } from '@glm/domain/test-helpers';
import { type KeptEntry, readKeptEntry } from './journal-entry.ts';

export type { JournalEntry } from '@glm/domain/test-helpers';

/** The default number of entries a journal keeps before it drops the oldest. */
export const DEFAULT_JOURNAL_SIZE = 10_000;

/**
 * Which journal entries to answer; every field given must match. `path` matches with or without its
 * version prefix, and a `:name` segment matches any one segment (`/v2/orders/:id`).
 */
export interface RequestFilter {
  /** The HTTP method (any case). */
  readonly method?: string | undefined;
  /** The request path, with or without `/v2` or `/api/v2`; `:name` segments match any one segment. */
  readonly path?: string | undefined;
  /** The endpoint's `operationId` (`createCheckoutSession`). */
  readonly operation?: string | undefined;
  /** The answer's status. */
  readonly status?: number | undefined;
  /** The request's `Idempotency-Key`. */
  readonly idempotency_key?: string | undefined;
}

/** One page of the journal, newest first. */
interface JournalPage {
  /** The entries of the page. */
  readonly data: JournalEntry[];
  /** Whether older entries match after this page. */
  readonly has_more: boolean;
  /** The id to pass as `starting_after` for the next page; null on the last page. */
  readonly next_cursor: string | null;
  /** How many of the oldest entries the journal let go because it was full. */
  readonly dropped: number;
}

/** The journal of answered requests: bounded, oldest dropped first, readable with filters. */
export interface RequestJournal {
  /** How many entries it keeps at most. */
  readonly capacity: number;
  /** Whether recording is of any use: it keeps entries, or someone watches them (else callers skip building them). */
  readonly active: boolean;
  /** Records an answered request. */
  record(entry: JournalEntry): void;
  /** Records an answered request whose body is kept as its text (see {@link KeptEntry}). */
  keep(kept: KeptEntry): void;
  /** The entries that match `filter`, oldest first. */
  entries(filter?: RequestFilter): JournalEntry[];
  /**
   * One page of the entries that match `filter`, newest first, after the entry `startingAfter` names;
   * `undefined` when no kept entry has that id.
   */
  page(filter: RequestFilter, limit: number, startingAfter?: string): JournalPage | undefined;
  /** How many entries were dropped because the journal was full, since it was created or cleared. */
  dropped(): number;
  /** Calls `listener` with every entry recorded from now on; answers the function that stops it. */
  watch(listener: (entry: JournalEntry) => void): () => void;
  /** Forgets every entry, and the count of dropped ones. */
  clear(): void;
}

/** Whether an entry matches a filter. */
function matchesFilter(entry: JournalEntry, filter: RequestFilter): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.operation !== undefined && entry.operation !== filter.operation) return false;
  if (filter.idempotency_key !== undefined && entry.idempotency_key !== filter.idempotency_key) return false;
  if (filter.path !== undefined) {
    const pattern = unversionedPath(filter.path) ?? filter.path;
    const path = unversionedPath(entry.path) ?? entry.path;
    if (!pathFits(pattern, path)) return false;
  }
  return true;
}

/**
 * Creates an empty journal that keeps at most `capacity` entries (the oldest are dropped first). A ring:
 * recording is constant time however full it is (the standalone server records every request).
 */
export function createRequestJournal(capacity = DEFAULT_JOURNAL_SIZE): RequestJournal {
  let ring: KeptEntry[] = [];
  // Once full, the slot of the oldest entry, which the next record overwrites.
  let oldest = 0;
  let dropped = 0;
  const listeners = new Set<(entry: JournalEntry) => void>();
  const ordered = (): KeptEntry[] => [...ring.slice(oldest), ...ring.slice(0, oldest)];
  const matching = (filter: RequestFilter) => (kept: KeptEntry) => matchesFilter(kept.entry, filter);
  const keep = (kept: KeptEntry): void => {
    if (capacity < 1) dropped += 1;
    else if (ring.length < capacity) ring.push(kept);
    else {
      ring[oldest] = kept;
      oldest = (oldest + 1) % capacity;
      dropped += 1;
    }
    if (listeners.size === 0) return;
    const entry = readKeptEntry(kept);
    for (const listener of listeners) listener(entry);
  };
  return {
    capacity,
    get active() {
      return capacity > 0 || listeners.size > 0;
    },
    record: (entry) => keep({ entry, bodyText: undefined }),
    keep,
    entries: (filter) => {
      const all = ordered();
      return (filter === undefined ? all : all.filter(matching(filter))).map(readKeptEntry);
    },
    page(filter, limit, startingAfter) {
      const newest = ordered().reverse();
      let from = 0;
      if (startingAfter !== undefined) {
        const at = newest.findIndex((kept) => kept.entry.id === startingAfter);
        if (at === -1) return undefined;
        from = at + 1;
      }
      const fits = matching(filter);
      const data: JournalEntry[] = [];
      let index = from;
      for (; index < newest.length && data.length < limit; index += 1) {
        const kept = newest[index] as KeptEntry;
        if (fits(kept)) data.push(readKeptEntry(kept));
      }
      let hasMore = false;
      for (; index < newest.length; index += 1) {
        if (fits(newest[index] as KeptEntry)) {
          hasMore = true;
          break;
        }
      }
      const last = data.at(-1);
      return {
        data,
        has_more: hasMore,
        next_cursor: hasMore && last !== undefined ? last.id : null,
        dropped,
      };
    },
    dropped: () => dropped,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      ring = [];
      oldest = 0;
      dropped = 0;
    },
  };
}
