/** One answered request, as the service's request journal records it (`mock.requests()`). */
export interface JournalEntry {
  /** HTTP method. */
  readonly method: string;
  /** Request path (with its version prefix, without the query). */
  readonly path: string;
  /** Query string, without `?` (empty when none). */
  readonly query: string;
  /** Answer status. */
  readonly status: number;
  /** The `x-request-id` of the answer. */
  readonly request_id: string;
  /** When it was answered (server clock), ISO 8601 UTC. */
  readonly time: string;
}

/** The journal of answered requests, oldest first. */
export interface RequestJournal {
  /** Records an answered request. */
  record(entry: JournalEntry): void;
  /** Every entry, oldest first. */
  entries(): JournalEntry[];
  /** Forgets every entry. */
  clear(): void;
}

/**
 * Creates an empty journal that keeps at most `capacity` entries (the oldest are dropped first). A ring:
 * recording is constant time however full it is (the standalone server records every request).
 */
export function createRequestJournal(capacity = 10_000): RequestJournal {
  let ring: JournalEntry[] = [];
  // Once full, the slot of the oldest entry, which the next record overwrites.
  let oldest = 0;
  return {
    record(entry) {
      if (capacity < 1) return;
      if (ring.length < capacity) {
        ring.push(entry);
        return;
      }
      ring[oldest] = entry;
      oldest = (oldest + 1) % capacity;
    },
    entries: () => [...ring.slice(oldest), ...ring.slice(0, oldest)],
    clear() {
      ring = [];
      oldest = 0;
    },
  };
}
