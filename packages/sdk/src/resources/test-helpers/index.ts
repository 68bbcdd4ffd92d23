import type { Coverage, CoverageQuery, ResetResult } from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import type { Requester } from '../../internal/requester.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestApiKeys } from './api-keys.ts';
import { TestCheckout } from './checkout.ts';
import { TestClock } from './clock.ts';
import { TestDisputes } from './disputes.ts';
import { TestEligibility } from './eligibility.ts';
import { TestEvents } from './events.ts';
import { TestFaults } from './faults.ts';
import { TestMerchants } from './merchants.ts';
import { TestOrders } from './orders.ts';
import { TestPaymentLinks } from './payment-links.ts';
import { TestRefunds } from './refunds.ts';
import { TestRequests } from './requests.ts';
import { TestSnapshot } from './snapshot.ts';
import { TestSubscriptions } from './subscriptions.ts';
import { TestResource } from './test-resource.ts';
import { TestTriggers } from './triggers.ts';
import { TestWebhookDeliveries } from './webhook-deliveries.ts';
import { TestWebhookEndpoints } from './webhook-endpoints.ts';

/** Whose coverage: `merchant` (the client's own, the default) or `server` (every merchant, summed). */
export type CoverageParams = Partial<CoverageQuery>;

export type { ApiKeyCreateParams } from './api-keys.ts';
export { TestApiKeys } from './api-keys.ts';
export { TestCheckout } from './checkout.ts';
export type { ClockAdvanceParams, ClockSetParams } from './clock.ts';
export { TestClock } from './clock.ts';
export type { DisputeCloseParams, DisputeListParams } from './disputes.ts';
export { TestDisputes } from './disputes.ts';
export type { EligibilityRefreshParams } from './eligibility.ts';
export { TestEligibility } from './eligibility.ts';
export type { EventListParams } from './events.ts';
export { TestEvents } from './events.ts';
export type { FaultRuleCreateParams } from './faults.ts';
export { TestFaults } from './faults.ts';
export type { MerchantCreateParams } from './merchants.ts';
export { TestMerchants } from './merchants.ts';
export type { DisputeOpenParams, OrderFailParams } from './orders.ts';
export { TestOrders } from './orders.ts';
export { TestPaymentLinks } from './payment-links.ts';
export { TestRefunds } from './refunds.ts';
export type { RequestListParams } from './requests.ts';
export { TestRequests } from './requests.ts';
export { TestSnapshot } from './snapshot.ts';
export type { SubscriptionListParams } from './subscriptions.ts';
export { TestSubscriptions } from './subscriptions.ts';
export type { TestPaymentParams } from './test-resource.ts';
export type { TriggerParams } from './triggers.ts';
export { TestTriggers } from './triggers.ts';
export type { WebhookDeliveryListParams } from './webhook-deliveries.ts';
export { TestWebhookDeliveries } from './webhook-deliveries.ts';
export type { WebhookEndpointCreateParams, WebhookEndpointListParams } from './webhook-endpoints.ts';
export { TestWebhookEndpoints } from './webhook-endpoints.ts';

/** The reset of the test helpers (`glm.testHelpers.reset`), which the group sends itself. */
export type TestReset = Pick<TestHelpers, 'reset'>;

/**
 * Test-mode helpers, which play the hosted pages, the clock and the dashboard, grouped like the resources they drive. Every method refuses, before any
 * request, when the client holds a live key.
 */
export class TestHelpers extends TestResource {
  /** Pay or cancel checkout sessions. */
  readonly checkout: TestCheckout;
  /** Pay payment links. */
  readonly paymentLinks: TestPaymentLinks;
  /** The virtual clock. */
  readonly clock: TestClock;
  /** Settle refunds. */
  readonly refunds: TestRefunds;
  /** Open disputes on orders; capture or fail authorized orders. */
  readonly orders: TestOrders;
  /** Read and close disputes. */
  readonly disputes: TestDisputes;
  /** Read subscriptions. */
  readonly subscriptions: TestSubscriptions;
  /** Refresh the eligibility database. */
  readonly eligibility: TestEligibility;
  /** Read the event log. */
  readonly events: TestEvents;
  /** Inspect and flush webhook deliveries. */
  readonly webhookDeliveries: TestWebhookDeliveries;
  /** Create and revoke API keys. */
  readonly apiKeys: TestApiKeys;
  /** Register webhook endpoints and read the default secret. */
  readonly webhookEndpoints: TestWebhookEndpoints;
  /** Trigger events of any type, with overrides and existing objects. */
  readonly triggers: TestTriggers;
  /** Fault rules: make the server fail on demand. */
  readonly faults: TestFaults;
  /** The request journal: what the server was asked and answered. */
  readonly requests: TestRequests;
  /** The whole state as a snapshot: read it, load it back. */
  readonly snapshot: TestSnapshot;
  /** Merchants of one shared server: a sandbox of its own per suite, worker or CI job. */
  readonly merchants: TestMerchants;

  /** Binds every helper group to a client's requester. @internal */
  constructor(requester: Requester) {
    super(requester);
    this.checkout = new TestCheckout(requester);
    this.paymentLinks = new TestPaymentLinks(requester);
    this.clock = new TestClock(requester);
    this.refunds = new TestRefunds(requester);
    this.orders = new TestOrders(requester);
    this.disputes = new TestDisputes(requester);
    this.subscriptions = new TestSubscriptions(requester);
    this.eligibility = new TestEligibility(requester);
    this.events = new TestEvents(requester);
    this.webhookDeliveries = new TestWebhookDeliveries(requester);
    this.apiKeys = new TestApiKeys(requester);
    this.webhookEndpoints = new TestWebhookEndpoints(requester);
    this.faults = new TestFaults(requester);
    this.requests = new TestRequests(requester);
    this.snapshot = new TestSnapshot(requester);
    this.merchants = new TestMerchants(requester);
    this.triggers = new TestTriggers(requester);
  }

  /**
   * What the suite exercised on the reference server and what it never did, since the server started
   * (or `DELETE /v2/test_helpers/coverage`): operations with their statuses, error codes, replays,
   * retries and faults; events emitted and delivered; test cards used; and what is missing against the
   * server's OpenAPI document. `scope: 'server'` sums every merchant of the server.
   *
   * @example
   * const { totals } = await glm.testHelpers.coverage({ scope: 'server' });
   */
  coverage(params: CoverageParams = {}, options?: RequestOptions): APIPromise<Coverage> {
    return this.send(
      `GET /v2/test_helpers/coverage?scope=${params.scope ?? 'merchant'}`,
      'Coverage',
      options,
    );
  }

  /**
   * Resets the server to what it started with (its seed or snapshot, and its starting fault rules):
   * objects, events, deliveries, the clock, fault rules and the journal; every API key keeps working.
   *
   * @example
   * beforeEach(() => glm.testHelpers.reset());
   */
  reset(options?: RequestOptions): APIPromise<ResetResult> {
    return this.send('POST /v2/test_helpers/reset', 'ResetResult', options, {});
  }

  // #region generated by `pnpm gen`: the calls of the route table no method above makes
  // #endregion
}
