import type { JournalEntry } from '@glm/domain/test-helpers';
import type { RequestFilter, RequestJournal } from '../../http/journal/request-journal.ts';

/** Options of {@link MockRequestApi.waitForRequest}. */
export interface WaitForRequestOptions {
  /** Give up after this many real milliseconds. Default 5000. */
  readonly timeoutMs?: number;
}

/** The request journal, read in JavaScript. */
export interface MockRequestApi {
  /**
   * The requests this service answered, oldest first, secrets removed, filtered by method, path (with
   * or without its version prefix, `:name` segments match any one segment), operation, status or
   * `Idempotency-Key`. The journal keeps the latest entries (10,000 by default, the `journalSize` option).
   */
  requests(filter?: RequestFilter): JournalEntry[];
  /**
   * The first request (already answered or still to come) for which `predicate` holds; rejects after
   * `timeoutMs`.
   *
   * @example
   * const created = await mock.waitForRequest((entry) => entry.operation === 'createCheckoutSession');
   */
  waitForRequest(
    predicate: (entry: JournalEntry) => boolean,
    options?: WaitForRequestOptions,
  ): Promise<JournalEntry>;
}

/** The JavaScript face of an instance's request journal. */
export function createRequestApi(journal: RequestJournal): MockRequestApi {
  return {
    requests: (filter) => journal.entries(filter),
    waitForRequest(predicate, { timeoutMs = 5000 } = {}) {
      const existing = journal.entries().find(predicate);
      if (existing !== undefined) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          stop();
          reject(new Error(`No matching request within ${timeoutMs} ms.`));
        }, timeoutMs);
        const stop = journal.watch((entry) => {
          if (!predicate(entry)) return;
          clearTimeout(timer);
          stop();
          resolve(entry);
        });
      });
    },
  };
}
