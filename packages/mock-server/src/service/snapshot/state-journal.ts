/** One change to a table: the key and the new value, or `null` once the object is gone. */
export type TableChange = readonly [table: string, key: string, value: unknown];

/**
 * Where a persistent service writes what changed, one batch at a time (group commit): `write` must
 * resolve only once the batch is durable. A request that changed something is answered only after the
 * batch holding its change resolved, so an answered change survives a crash. The CLI's data directory
 * (`glm-mock serve --data <dir>`) is one; a test can pass its own.
 */
export interface StateJournal {
  /**
   * Keeps one batch of changes; resolves once they, and every batch handed over before them, are
   * durable. A new batch may be handed over before the previous one resolved: batches must be kept in
   * the order they were handed over.
   */
  write(changes: readonly TableChange[]): Promise<void>;
}
