/**
 * Where the webhook handler remembers which events it has processed, keyed by event id. `claim` must be
 * atomic: of two concurrent claims of one id, exactly one resolves `true`.
 *
 * @example Redis (any client with `SET … NX EX`)
 * const store: WebhookDedupeStore = {
 *   claim: async (id, ttlSeconds) => (await redis.set(`glm:evt:${id}`, '1', { NX: true, EX: ttlSeconds })) === 'OK',
 *   release: async (id) => { await redis.del(`glm:evt:${id}`); },
 * };
 */
export interface WebhookDedupeStore {
  /** Records `id` for `ttlSeconds` if it is not recorded yet; resolves `true` when this caller got it. */
  claim(id: string, ttlSeconds: number): boolean | Promise<boolean>;
  /** Forgets `id`, so that a later delivery runs the handler again (called when the handler failed). */
  release(id: string): void | Promise<void>;
}

/** Options of {@link createMemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** Most ids kept; the oldest claims are dropped first beyond it. Default 10 000. */
  readonly maxEntries?: number;
  /** The clock in epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * An in-memory {@link WebhookDedupeStore} with per-id expiry. Its limits: it lives in one process (each
 * server instance, worker or serverless invocation has its own), it forgets everything on restart, and it
 * holds at most `maxEntries` ids. Use a shared store (Redis, a database unique key) when several
 * instances receive webhooks.
 */
export function createMemoryDedupeStore(options: MemoryDedupeStoreOptions = {}): WebhookDedupeStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  // Insertion order is claim order, so the first key is always the oldest claim.
  const expiries = new Map<string, number>();

  return {
    claim(id, ttlSeconds) {
      const at = now();
      for (const [key, expiresAt] of expiries) {
        if (expiresAt > at) break;
        expiries.delete(key);
      }
      const expiresAt = expiries.get(id);
      if (expiresAt !== undefined && expiresAt > at) return false;
      expiries.delete(id);
      for (const key of expiries.keys()) {
        if (expiries.size < maxEntries) break;
        expiries.delete(key);
      }
      expiries.set(id, at + ttlSeconds * 1000);
      return true;
    },
    release(id) {
      expiries.delete(id);
    },
  };
}
