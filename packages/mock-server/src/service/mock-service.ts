import type { ApiKey, ApiKeyWithKey, CheckoutSession, EventOf, EventType, Mode } from '@glm/domain';
import type {
  CheckoutPayResult,
  EligibilityRefreshRequest,
  EligibilityRefreshResult,
  TriggerResult,
} from '@glm/domain/test-helpers';
import type { EventFilter, EventListener, ServiceEvent } from '../core/events/event-log.ts';
import type { SeedData } from './mock-service-options.ts';
import type { SeedRefs } from './seed.ts';
import type { MockSnapshot } from './snapshot/mock-snapshot.ts';
import type { MockCoverageApi } from './test-api/coverage.ts';
import type { MockFaults } from './test-api/faults.ts';
import type { PayInput, PaymentTestApi } from './test-api/payment-test-api.ts';
import type { MockRequestApi } from './test-api/requests.ts';
import type { TriggerOptions } from './test-api/triggers.ts';
import type { MockWebhookApi } from './test-api/webhooks.ts';

/** The service's clock, as tests drive it. */
export interface MockClock {
  /** The current server time. */
  now(): Date;
  /** Moves time forward by milliseconds or a duration (`"24h"`, `"30s"`, `"15m"`, `"2d"`); due jobs run in time order. */
  advance(by: number | string): void;
  /** Moves time to a later instant; due jobs run in time order. An earlier instant is a `RangeError`. */
  set(date: Date | string): void;
}

/** Options of {@link MockService.waitForEvent}. */
export interface WaitForEventOptions {
  /** Give up after this many real milliseconds. Default 5000. */
  readonly timeoutMs?: number;
  /** Mode of the events to watch. Default `test`. */
  readonly mode?: Mode;
}

/**
 * A stateful, in-memory reference server of the whole API. `handle` is its only HTTP entry (fetch
 * standard); the other members are the JavaScript test API. Every test-helper method acts in test
 * mode and throws {@link MockServiceError} when the matching route would answer an error.
 */
export interface MockService extends PaymentTestApi, MockWebhookApi, MockRequestApi, MockCoverageApi {
  /** Answers one API request. Never throws. */
  handle(request: Request): Promise<Response>;
  /** The default keys in force. */
  readonly keys: { readonly test: string; readonly live: string };
  /** The token that opens the dashboard at `/dashboard?token=…`: the `dashboardToken` option, or generated. */
  readonly dashboardToken: string;
  /** The virtual clock. */
  readonly clock: MockClock;
  /**
   * Back to the state right after creation and every `seed()` call (or to the snapshot it started
   * from): objects, events, webhook endpoints and deliveries, idempotency records, the clock, the
   * request journal, and the fault rules (those given at creation are installed again, with full
   * counts). API keys are kept: every key that worked before the reset works after it, a revoked key
   * stays revoked.
   */
  reset(): void;
  /**
   * Fault rules: test-mode API requests they match are answered with an error, a dropped or held
   * connection, a cut body or a delay (see {@link MockFaults}).
   */
  readonly faults: MockFaults;
  /**
   * Loads a seed now (see {@link SeedData}) and remembers it, so `reset()` loads it again; answers the
   * ids of its entries by ref. A seed that is refused throws {@link SeedError} listing every problem,
   * naming entry and field, and creates nothing.
   */
  seed(data: SeedData): SeedRefs;
  /**
   * The id of every seed entry that has a `ref`, by ref (`{ ada: 'cus_…', lenses: 3 }`), as the seeds
   * given at creation and to `seed()` made them; `reset()` makes them anew, with new ids.
   */
  seedRefs(): SeedRefs;
  /**
   * The whole state as a plain, versioned, JSON-serialisable value: build a fixture once, then start
   * every test from it with `createMockService({ snapshot })` (restoring is much cheaper than replaying
   * the requests). Jobs due later (expiries, renewals, webhook retries) are scheduled again from the
   * objects; the request journal and rate-limit windows are not kept.
   */
  snapshot(): MockSnapshot;
  /**
   * Events oldest first, filtered by mode and type. Filtered by a known type, they are typed as that
   * event (`mock.events({ type: 'order.completed' })[0]?.data.amounts`).
   */
  events<T extends EventType>(filter: EventFilter & { readonly type: T }): EventOf<T>[];
  /** Events oldest first, optionally filtered by mode and type. */
  events(filter?: EventFilter): ServiceEvent[];
  /**
   * The first event of `type` (already logged or still to come) matching `predicate`, typed as that
   * event when `type` is a known event type.
   */
  waitForEvent<T extends EventType>(
    type: T,
    predicate?: (event: EventOf<T>) => boolean,
    options?: WaitForEventOptions,
  ): Promise<EventOf<T>>;
  /** The first event of `type` (already logged or still to come) matching `predicate`. */
  waitForEvent(
    type: string,
    predicate?: (event: ServiceEvent) => boolean,
    options?: WaitForEventOptions,
  ): Promise<ServiceEvent>;
  /** Registers a listener for every new event (the webhook delivery seam); answers the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  /** Creates an API key (the dashboard operation); the answer is the only place the key appears. */
  createApiKey(input: { readonly mode: Mode; readonly name: string }): Promise<ApiKeyWithKey>;
  /** Revokes an API key by id; the next request with it is refused. */
  revokeApiKey(id: string): Promise<ApiKey>;
  /** Plays a payment attempt on a checkout session with the test cards (default `4242424242424242`). */
  payCheckout(id: string, input?: PayInput): Promise<CheckoutPayResult>;
  /** Plays the shopper's cancel on the hosted page: the session stays open. */
  cancelCheckout(id: string): Promise<{ checkout: CheckoutSession }>;
  /** The monthly eligibility refresh: re-checks every product, emits `product.updated` where a result changed. */
  refreshEligibility(input?: EligibilityRefreshRequest): Promise<EligibilityRefreshResult>;
  /**
   * Produces an event of `type` through the flow a merchant's integration would run (a checkout paid,
   * a refund made, the clock moved…), with `overrides` set on the fields of its requests and existing
   * `objects` used instead of new ones. Throws `MockServiceError` (`422`) naming an unknown field or a
   * missing object; nothing changes unless the whole flow succeeds.
   *
   * @example
   * const { event } = await mock.trigger('refund.created', {
   *   overrides: { amount_cents: 500, 'checkout.customer.email': 'ada@example.com' },
   * });
   */
  trigger(type: EventType, options?: TriggerOptions): Promise<TriggerResult>;
}
