import {
  type AnyEvent,
  ApiKey,
  type ApiKeyCreateRequest,
  ApiKeyWithKey,
  CheckoutCancelResult,
  CheckoutPayResult,
  type ClockAdvanceRequest,
  ClockState,
  Dispute,
  type DisputeCloseRequest,
  DisputeList,
  type DisputeListQuery,
  type DisputeOpenRequest,
  type EligibilityRefreshRequest,
  EligibilityRefreshResult,
  EventList,
  type EventListQuery,
  type EventOf,
  type EventType,
  PaymentLinkPayResult,
  Refund,
  Subscription,
  SubscriptionList,
  type SubscriptionListQuery,
  type TestPaymentRequest,
  WebhookDelivery,
  WebhookDeliveryList,
  type WebhookDeliveryListQuery,
  WebhookEndpoint,
  type WebhookEndpointCreateRequest,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  type WebhookEndpointListQuery,
  WebhookEndpointWithSecret,
  WebhookFlushResult,
  WebhookSecret,
} from '@glm/domain';
import type { z } from 'zod';
import type { APIPromise } from '../api-promise.ts';
import { GlmError } from '../errors/glm-error.ts';
import { path } from '../internal/path.ts';
import type { RequestSpec } from '../internal/request.ts';
import type { Requester } from '../internal/requester.ts';
import type { PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import { Resource } from './resource.ts';

/** The body of the test-helper pay routes (D27): test card numbers, both defaulting to `4242424242424242`. */
export type TestPaymentParams = z.input<typeof TestPaymentRequest>;
/** The body of {@link TestClock.advance} (D28). */
export type ClockAdvanceParams = z.input<typeof ClockAdvanceRequest>;
/** The body of {@link TestOrders.dispute} (D22). */
export type DisputeOpenParams = z.input<typeof DisputeOpenRequest>;
/** The body of {@link TestDisputes.close} (D22). */
export type DisputeCloseParams = z.input<typeof DisputeCloseRequest>;
/** The body of {@link TestEligibility.refresh} (D12, D28). */
export type EligibilityRefreshParams = z.input<typeof EligibilityRefreshRequest>;
/** The body of {@link TestApiKeys.create} (D28). */
export type ApiKeyCreateParams = z.input<typeof ApiKeyCreateRequest>;
/** The body of {@link TestWebhookEndpoints.create} (D24, D28). */
export type WebhookEndpointCreateParams = z.input<typeof WebhookEndpointCreateRequest>;
/** The filters and page size of {@link TestEvents.list} (D28). */
export type EventListParams = Partial<EventListQuery>;
/** The filters and page size of {@link TestWebhookDeliveries.list} (D28). */
export type WebhookDeliveryListParams = Partial<WebhookDeliveryListQuery>;
/** The filters (`status`, `customer_id`) and page size of {@link TestSubscriptions.list}. */
export type SubscriptionListParams = Partial<SubscriptionListQuery>;
/** The filters (`order_id`, `status`) and page size of {@link TestDisputes.list}. */
export type DisputeListParams = Partial<DisputeListQuery>;
/** The page size and starting cursor of {@link TestWebhookEndpoints.list} (D11, D28). */
export type WebhookEndpointListParams = Partial<WebhookEndpointListQuery>;

/** The base of test helpers: every call is refused, before any request, with a live key (D28). */
abstract class TestResource extends Resource {
  /** Refuses the call with a live key. @internal */
  protected override check(spec: RequestSpec): RequestSpec {
    if (this.requester.mode === 'live') {
      throw new GlmError(
        'Test helpers need a test key (glm_test_…); this client holds a live key, so nothing was sent.',
      );
    }
    return spec;
  }

  /** Sends a test-helper call after the live-key check. @internal */
  protected call<S extends z.ZodType>(
    spec: () => RequestSpec,
    schema: S,
    options?: RequestOptions,
  ): APIPromise<z.output<S>> {
    return this.requester.call(() => this.check(spec()), schema, options);
  }
}

/** Plays the hosted checkout page: pay or cancel a session (D28). */
export class TestCheckout extends TestResource {
  /** Pays an `open` session with test cards (D27); a decline leaves it open and `order` null. */
  pay(id: string, params: TestPaymentParams = {}, options?: RequestOptions): APIPromise<CheckoutPayResult> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/checkout/${id}/pay`, body: params }),
      CheckoutPayResult,
      options,
    );
  }

  /** Plays the shopper's cancel: the session stays open, and the page would post `checkout.cancelled` (D28). */
  cancel(id: string, options?: RequestOptions): APIPromise<CheckoutCancelResult> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/checkout/${id}/cancel`, body: {} }),
      CheckoutCancelResult,
      options,
    );
  }
}

/** Plays the hosted payment-link page (D28). */
export class TestPaymentLinks extends TestResource {
  /** Pays an `active` link with test cards (D27). */
  pay(
    id: string,
    params: TestPaymentParams = {},
    options?: RequestOptions,
  ): APIPromise<PaymentLinkPayResult> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/payment-links/${id}/pay`, body: params }),
      PaymentLinkPayResult,
      options,
    );
  }
}

/** The service's virtual clock (D28). */
export class TestClock extends TestResource {
  /** The clock's current time. */
  get(options?: RequestOptions): APIPromise<ClockState> {
    return this.call(() => ({ method: 'GET', path: '/v2/test_helpers/clock' }), ClockState, options);
  }

  /** Moves the clock forward; everything due by then happens, in time order. */
  advance(params: ClockAdvanceParams, options?: RequestOptions): APIPromise<ClockState> {
    return this.call(
      () => ({ method: 'POST', path: '/v2/test_helpers/clock/advance', body: params }),
      ClockState,
      options,
    );
  }
}

/** Settles pending refunds (D21, D28). */
export class TestRefunds extends TestResource {
  /** Makes a pending refund succeed. */
  succeed(id: string, options?: RequestOptions): APIPromise<Refund> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/refunds/${id}/succeed`, body: {} }),
      Refund,
      options,
    );
  }

  /** Makes a pending refund fail. */
  fail(id: string, options?: RequestOptions): APIPromise<Refund> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/refunds/${id}/fail`, body: {} }),
      Refund,
      options,
    );
  }
}

/** Opens disputes on orders (D22, D28). */
export class TestOrders extends TestResource {
  /** Opens a chargeback on a captured order. */
  dispute(id: string, params: DisputeOpenParams = {}, options?: RequestOptions): APIPromise<Dispute> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/orders/${id}/dispute`, body: params }),
      Dispute,
      options,
    );
  }
}

/**
 * Reads and closes disputes. The service has no merchant API for disputes, so a test that opened one
 * reads it here (these reads exist only on the mock server).
 */
export class TestDisputes extends TestResource {
  /** Fetches one dispute. */
  get(id: string, options?: RequestOptions): APIPromise<Dispute> {
    return this.call(
      () => ({ method: 'GET', path: path`/v2/test_helpers/disputes/${id}` }),
      Dispute,
      options,
    );
  }

  /** Lists disputes, newest first, filtered by `order_id` and `status`. */
  list(params: DisputeListParams = {}, options?: RequestOptions): PagePromise<Dispute, string> {
    return this.pages<Dispute, string>('/v2/test_helpers/disputes', params, DisputeList, options);
  }

  /** Closes an open dispute with an outcome. */
  close(id: string, params: DisputeCloseParams, options?: RequestOptions): APIPromise<Dispute> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/disputes/${id}/close`, body: params }),
      Dispute,
      options,
    );
  }
}

/** Reads subscriptions (the service answers them only to these test-mode reads). */
export class TestSubscriptions extends TestResource {
  /** Fetches one subscription. */
  get(id: string, options?: RequestOptions): APIPromise<Subscription> {
    return this.call(
      () => ({ method: 'GET', path: path`/v2/test_helpers/subscriptions/${id}` }),
      Subscription,
      options,
    );
  }

  /** Lists subscriptions, newest first, filtered by `status` and `customer_id`. */
  list(params: SubscriptionListParams = {}, options?: RequestOptions): PagePromise<Subscription, string> {
    return this.pages<Subscription, string>(
      '/v2/test_helpers/subscriptions',
      params,
      SubscriptionList,
      options,
    );
  }
}

/** The eligibility database (D12, D28). */
export class TestEligibility extends TestResource {
  /** Plays a monthly refresh: re-checks every product and reports those whose result changed. */
  refresh(
    params: EligibilityRefreshParams = {},
    options?: RequestOptions,
  ): APIPromise<EligibilityRefreshResult> {
    return this.call(
      () => ({ method: 'POST', path: '/v2/test_helpers/eligibility/refresh', body: params }),
      EligibilityRefreshResult,
      options,
    );
  }
}

/** The event log of the key's mode (D23, D28). */
export class TestEvents extends TestResource {
  /**
   * Lists the events of one type, newest first, typed as that event:
   * `(await glm.testHelpers.events.list({ type: 'order.completed' })).data[0]?.data.amounts`.
   */
  list<T extends EventType>(
    params: EventListParams & { readonly type: T },
    options?: RequestOptions,
  ): PagePromise<EventOf<T>, string>;
  /** Lists events, newest first; unknown event types pass through as `UnknownEvent`. */
  list(params?: EventListParams, options?: RequestOptions): PagePromise<AnyEvent, string>;
  list(params: EventListParams = {}, options?: RequestOptions): PagePromise<AnyEvent, string> {
    return this.pages<AnyEvent, string>('/v2/test_helpers/events', params, EventList, options);
  }
}

/** Webhook deliveries and their queue (D24, D28). */
export class TestWebhookDeliveries extends TestResource {
  /** Lists deliveries, newest first. */
  list(
    params: WebhookDeliveryListParams = {},
    options?: RequestOptions,
  ): PagePromise<WebhookDelivery, string> {
    return this.pages<WebhookDelivery, string>(
      '/v2/test_helpers/webhook_deliveries',
      params,
      WebhookDeliveryList,
      options,
    );
  }

  /**
   * Attempts every delivery that is due now and resolves once their outcomes are recorded, with the
   * counts of the key's mode (attempted during the flush, still pending, delivered and failed).
   */
  flush(options?: RequestOptions): APIPromise<WebhookFlushResult> {
    return this.call(
      () => ({ method: 'POST', path: '/v2/test_helpers/webhooks/flush', body: {} }),
      WebhookFlushResult,
      options,
    );
  }

  /**
   * Makes one more attempt of a delivery now and resolves with the delivery after it. A failed delivery
   * starts its retry schedule again; a delivered one is sent again on purpose (a replay of the event,
   * with the same `x-webhook-id`, which your handler should deduplicate). A pending delivery, whose next
   * attempt is already on the way, is a `ConflictError`; an unknown id a `NotFoundError`.
   */
  resend(id: string, options?: RequestOptions): APIPromise<WebhookDelivery> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/webhook_deliveries/${id}/resend`, body: {} }),
      WebhookDelivery,
      options,
    );
  }
}

/** The dashboard's API key operations (D28). */
export class TestApiKeys extends TestResource {
  /** Creates a key; the answer is the only time its value is shown. */
  create(params: ApiKeyCreateParams, options?: RequestOptions): APIPromise<ApiKeyWithKey> {
    return this.call(
      () => ({ method: 'POST', path: '/v2/test_helpers/api_keys', body: params }),
      ApiKeyWithKey,
      options,
    );
  }

  /** Revokes a key; it stops working on the next request. */
  revoke(id: string, options?: RequestOptions): APIPromise<ApiKey> {
    return this.call(
      () => ({ method: 'DELETE', path: path`/v2/test_helpers/api_keys/${id}` }),
      ApiKey,
      options,
    );
  }
}

/** The dashboard's webhook endpoint operations (D24, D28). */
export class TestWebhookEndpoints extends TestResource {
  /** Registers an endpoint; the answer is the only time its secret is shown. */
  create(
    params: WebhookEndpointCreateParams,
    options?: RequestOptions,
  ): APIPromise<WebhookEndpointWithSecret> {
    return this.call(
      () => ({ method: 'POST', path: '/v2/test_helpers/webhook_endpoints', body: params }),
      WebhookEndpointWithSecret,
      options,
    );
  }

  /** Lists the registered endpoints, newest first; iterate the result with `for await` to walk every page. */
  list(
    params: WebhookEndpointListParams = {},
    options?: RequestOptions,
  ): PagePromise<WebhookEndpoint, string> {
    return this.pages<WebhookEndpoint, string>(
      '/v2/test_helpers/webhook_endpoints',
      params,
      WebhookEndpointList,
      options,
    );
  }

  /** Fetches one endpoint. */
  get(id: string, options?: RequestOptions): APIPromise<WebhookEndpoint> {
    return this.call(
      () => ({ method: 'GET', path: path`/v2/test_helpers/webhook_endpoints/${id}` }),
      WebhookEndpoint,
      options,
    );
  }

  /** Deletes an endpoint: it receives nothing more. The answer is the endpoint marked `deleted: true`. */
  delete(id: string, options?: RequestOptions): APIPromise<WebhookEndpointDeleted> {
    return this.call(
      () => ({ method: 'DELETE', path: path`/v2/test_helpers/webhook_endpoints/${id}` }),
      WebhookEndpointDeleted,
      options,
    );
  }

  /** The merchant's default secret, used to sign deliveries to a checkout's `metadata.webhook_url`. */
  defaultSecret(options?: RequestOptions): APIPromise<WebhookSecret> {
    return this.call(
      () => ({ method: 'GET', path: '/v2/test_helpers/webhook_secret' }),
      WebhookSecret,
      options,
    );
  }
}

/**
 * Test-mode helpers (D28), grouped like the resources they drive. Every method refuses, before any
 * request, when the client holds a live key.
 */
export class TestHelpers {
  /** Pay or cancel checkout sessions. */
  readonly checkout: TestCheckout;
  /** Pay payment links. */
  readonly paymentLinks: TestPaymentLinks;
  /** The virtual clock. */
  readonly clock: TestClock;
  /** Settle refunds. */
  readonly refunds: TestRefunds;
  /** Open disputes on orders. */
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

  /** Binds every helper group to a client's requester. @internal */
  constructor(requester: Requester) {
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
  }
}
