import type { RandomSource } from '../core/random-source.ts';
import type { ClockMode } from '../core/virtual-clock.ts';
import type { RateLimitOptions } from '../http/rate-limit/rate-limit-options.ts';
import type { WebhookOptions } from '../operations/webhooks/webhook-options.ts';
import type { PagesOptions } from '../pages/pages.ts';
import type { MockSnapshot } from './snapshot/mock-snapshot.ts';
import type { StateJournal } from './snapshot/state-journal.ts';

/**
 * Objects to load into a fresh service. Each product is a product creation body and goes through
 * the same validation and eligibility check as `POST /api/v2/products`.
 */
export interface SeedData {
  /** Catalog products, created oldest first in the order given. */
  readonly products?: readonly Readonly<Record<string, unknown>>[];
}

/** Options of {@link createMockService}; the hosted pages' options come from {@link PagesOptions}. */
export interface MockServiceOptions extends PagesOptions {
  /** Base URL of the hosted pages in `checkout_url` and payment link `url`. Default `http://127.0.0.1`. */
  readonly baseUrl?: string;
  /** Exact keys to register (they must be well formed); otherwise keys are generated. */
  readonly keys?: { readonly test?: string; readonly live?: string };
  /** Random bytes for ids, keys and tokens. Default: the platform CSPRNG, drawn 4 KB at a time. */
  readonly random?: RandomSource;
  /** Initial clock time. Default: the system time at creation. */
  readonly now?: Date | string;
  /** `virtual` (default): time stands still until advanced. `system`: system time plus advances. */
  readonly clock?: ClockMode;
  /** Rate limits; `false` switches them off. */
  readonly rateLimit?: RateLimitOptions;
  /** Objects loaded at creation and again on every `reset()`. */
  readonly seed?: SeedData;
  /** Webhook delivery settings (attempt timeout, concurrency, `fetch`). */
  readonly webhooks?: WebhookOptions;
  /**
   * The most objects the store may hold (products, sessions, orders, payment links, refunds, disputes,
   * subscriptions, customers, payment methods, both modes together). Once reached, requests that would
   * create one answer `507 storage_full` and create nothing; reads and other changes still work, and
   * `reset()` empties the store. Default: no cap.
   */
  readonly maxObjects?: number;
  /**
   * A state to start from, as `mock.snapshot()` answered it (plain JSON, so it may come from a file):
   * objects, events, keys (the default keys included), idempotency records, webhook endpoints and
   * deliveries, the clock. `reset()` comes back to it. `seed` and `keys` are not applied on top of it.
   * A snapshot of another format version throws `SnapshotFormatError`.
   */
  readonly snapshot?: MockSnapshot;
  /**
   * Where every change is journaled; a request that changed something is answered only once its change
   * is durable there (batches are group-committed). `glm-mock serve --data <dir>` passes its data
   * directory. Default: none, memory only, at no cost.
   */
  readonly journal?: StateJournal;
}
