import type { FaultRuleInput, FutureModeRequest, SeedFileInput } from '@glm/domain/test-helpers';
import type { RandomSource } from '../core/random-source.ts';
import type { ClockMode } from '../core/virtual-clock.ts';
import type { RateLimitOptions } from '../http/rate-limit/rate-limit-options.ts';
import type { WebhookOptions } from '../operations/webhooks/webhook-options.ts';
import type { PagesOptions } from '../pages/pages.ts';
import type { MockSnapshot } from './snapshot/mock-snapshot.ts';
import type { StateJournal } from './snapshot/state-journal.ts';

/**
 * Objects to load into a service, in test mode: `products`, `customers` (each with its saved test cards
 * as `payment_methods`), `payment_links`, `subscriptions` (charged as `POST /v2/subscriptions` charges
 * them) and `webhook_endpoints`, created in that order, each list oldest first. Each entry is the API's
 * creation body plus an optional `ref`, its local name; wherever an id is expected, `"ref:<name>"` names
 * another entry. Write one with `defineSeed()`; a seed file of `glm-mock serve --seed` holds the same
 * JSON.
 */
export type SeedData = {
  readonly [K in keyof SeedFileInput]?: readonly NonNullable<SeedFileInput[K]>[number][] | undefined;
};

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
  /**
   * Objects loaded at creation and again on every `reset()` (a list of seeds loads each in turn). A seed
   * that is refused throws `SeedError` (from `@glm/mock-server`) listing every problem, naming entry and field.
   */
  readonly seed?: SeedData | readonly SeedData[];
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
  /**
   * Fault rules installed at creation and again, with full counts, on every reset (what
   * `glm-mock serve --fault` passes). A malformed rule throws a `TypeError` naming it.
   */
  readonly faults?: readonly FaultRuleInput[];
  /**
   * How many requests the request journal keeps (the oldest are dropped first, and the list says how
   * many were). Default 10,000; 0 keeps none.
   */
  readonly journalSize?: number;
  /**
   * Answer every test-mode request as a later API version would (what `glm-mock serve --future`
   * passes): `fields` adds members the contract does not name, `enums` puts a status value it does not
   * list into answers to reads, `events` follows every event with one of a type it does not name. A
   * reset returns to this setting. Default: all off.
   */
  readonly future?: FutureModeRequest;
  /**
   * How many merchants the server holds at once: its first one (this service's JavaScript API) and
   * those made with `POST /v2/test_helpers/merchants`, which past it answers `507 storage_full`.
   * Default 1,000.
   */
  readonly maxMerchants?: number;
}
