/**
 * The typed client of the HSA/FSA hosted checkout service: retries that respect the server,
 * automatic idempotency keys, pagination, typed errors and response validation against the domain's
 * schemas.
 *
 * @module @glm/sdk
 */

// webhooks/embed live in their own entry points: `@glm/sdk/webhooks`, `@glm/sdk/embed` and
// `@glm/sdk/testing`, so a server bundle never carries browser code and a page never carries the client.

// Wire types, re-exported from @glm/domain so callers need one import.
export type {
  AnyEvent,
  ApiKey,
  ApiKeyWithKey,
  CheckoutSession,
  Dispute,
  EligibilityResult,
  Order,
  PaymentLink,
  PaymentMethod,
  Product,
  Refund,
  Subscription,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointDeleted,
  WebhookEndpointWithSecret,
  WebhookSecret,
} from '@glm/domain';
export type {
  CheckoutCancelResult,
  CheckoutPayResult,
  ClockState,
  EligibilityRefreshResult,
  Merchant,
  MerchantDeleted,
  MerchantWithKeys,
  PaymentLinkPayResult,
  WebhookFlushResult,
} from '@glm/domain/test-helpers';
// Client
export type { WithResponse } from './api-promise.ts';
export { APIPromise } from './api-promise.ts';
export { Glm } from './client.ts';
export type { ClientOptions, KeyMode, RetryOptions, ValidationMode } from './client-options.ts';
// Errors
export { AbortError } from './errors/abort-error.ts';
export type { APIErrorInit, ErrorCode, ErrorDetail } from './errors/api-error.ts';
export { APIError } from './errors/api-error.ts';
export { AuthenticationError } from './errors/authentication-error.ts';
export { BadRequestError } from './errors/bad-request-error.ts';
export { ConflictError } from './errors/conflict-error.ts';
export { ConnectionError } from './errors/connection-error.ts';
export type { GlmErrorOptions } from './errors/glm-error.ts';
export { GlmError } from './errors/glm-error.ts';
export { InternalServerError } from './errors/internal-server-error.ts';
export { NotFoundError } from './errors/not-found-error.ts';
export { PermissionDeniedError } from './errors/permission-denied-error.ts';
export { RateLimitError } from './errors/rate-limit-error.ts';
export { ResponseValidationError } from './errors/response-validation-error.ts';
export type { TimeoutScope } from './errors/timeout-error.ts';
export { TimeoutError } from './errors/timeout-error.ts';
export { UnprocessableEntityError } from './errors/unprocessable-entity-error.ts';
// Hooks, logging, requests, results
export type {
  AfterResponseContext,
  BeforeRequestContext,
  BeforeRetryContext,
  ErrorContext,
  Hook,
  HookContext,
  Hooks,
  HttpMethod,
} from './hooks.ts';
export type { Logger, LogLevel } from './logging.ts';
export type { Cursor, FetchPage, ToArrayOptions, WalkOptions } from './pagination.ts';
export { Page, PagePromise } from './pagination.ts';
export type { CallSettings, FetchOptions, RequestOptions } from './request-options.ts';
export type { QueryValue, RequestParams } from './request-params.ts';
// Resources: exported as types only, so a parameter can be typed `orders: Orders`; instances come from a
// client (`glm.orders`), which binds them to its key, transport and options.
export type { Checkout, CheckoutCreateParams } from './resources/checkout.ts';
export type { OrderListParams, Orders } from './resources/orders.ts';
export type {
  PaymentLinkCancelParams,
  PaymentLinkCreateParams,
  PaymentLinkListParams,
  PaymentLinks,
} from './resources/payment-links.ts';
export type {
  EligibilityCheckParams,
  ProductCreateParams,
  ProductListParams,
  Products,
  ProductUpdateParams,
} from './resources/products.ts';
export type { RefundCreateParams, RefundListParams, Refunds } from './resources/refunds.ts';
export type {
  SubscriptionCancelParams,
  SubscriptionCreateParams,
  Subscriptions,
} from './resources/subscriptions.ts';
export type {
  ApiKeyCreateParams,
  ClockAdvanceParams,
  ClockSetParams,
  CoverageParams,
  DisputeCloseParams,
  DisputeListParams,
  DisputeOpenParams,
  EligibilityRefreshParams,
  EventListParams,
  FaultRuleCreateParams,
  MerchantCreateParams,
  OrderFailParams,
  RequestListParams,
  SubscriptionListParams,
  TestApiKeys,
  TestCheckout,
  TestClock,
  TestDisputes,
  TestEligibility,
  TestEvents,
  TestFaults,
  TestHelpers,
  TestMerchants,
  TestOrders,
  TestPaymentLinks,
  TestPaymentParams,
  TestRefunds,
  TestRequests,
  TestReset,
  TestSnapshot,
  TestSubscriptions,
  TestTriggers,
  TestWebhookDeliveries,
  TestWebhookEndpoints,
  TriggerParams,
  WebhookDeliveryListParams,
  WebhookEndpointCreateParams,
  WebhookEndpointListParams,
} from './resources/test-helpers/index.ts';
export type { RateLimitInfo, ResponseMeta } from './response-meta.ts';
export { VERSION } from './version.ts';
