import { type EligibilityResult, type Glm, RateLimitError } from '@glm/sdk';
import type { Progress } from './progress.ts';

/** The service advises 100 ms between eligibility checks (100 a minute in test mode, interface 8). */
export const ADVISED_SPACING_MS = 100;

/** How a bulk check is paced and reported. */
export interface BulkOptions {
  /** Milliseconds between two requests. Default {@link ADVISED_SPACING_MS}. */
  readonly spacingMs?: number;
  /** Waits; injectable so a test can move a virtual clock instead of sleeping. */
  readonly sleep: (ms: number) => Promise<void>;
  /** Called after every check and before every wait on a 429. */
  readonly onProgress: (progress: Progress) => void;
  /** Gives up after this many 429 answers in a row for one query. Default 3. */
  readonly maxRateLimitWaits?: number;
}

/** One query and its answer. */
export interface BulkResult {
  readonly query: string;
  readonly result: EligibilityResult;
}

const isBarcode = (query: string) => /^[\d\s-]{8,}$/.test(query);

/**
 * Checks many barcodes or product names, one at a time, `spacingMs` apart. On a 429 it waits as long
 * as the service asks (`RateLimitError.retryAfterMs`), shows it, and tries the same query again:
 * the client's own retries are off here so the wait is visible instead of silent.
 */
export async function checkEligibilityInBulk(
  glm: Glm,
  queries: readonly string[],
  options: BulkOptions,
): Promise<BulkResult[]> {
  const spacingMs = options.spacingMs ?? ADVISED_SPACING_MS;
  const results: BulkResult[] = [];
  const progress = (waitingMs?: number) =>
    options.onProgress({
      done: results.length,
      total: queries.length,
      eligible: results.filter(({ result }) => result.hsa_fsa_eligible).length,
      ...(waitingMs === undefined ? {} : { waitingMs }),
    });
  for (const query of queries) {
    if (results.length > 0) await options.sleep(spacingMs);
    const params = isBarcode(query) ? { upc_code_or_gtin: query } : { product_name: query };
    for (let waits = 0; ; waits++) {
      try {
        results.push({ query, result: await glm.products.checkEligibility(params, { maxRetries: 0 }) });
        break;
      } catch (error) {
        if (!(error instanceof RateLimitError) || waits >= (options.maxRateLimitWaits ?? 3)) throw error;
        const waitMs = error.retryAfterMs ?? 60_000;
        progress(waitMs);
        await options.sleep(waitMs);
      }
    }
    progress();
  }
  return results;
}
