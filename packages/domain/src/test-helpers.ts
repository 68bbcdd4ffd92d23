/**
 * The requests and answers of the test-mode helpers (`/v2/test_helpers/…` and the listings that only
 * test mode has): pay or cancel a checkout, advance the clock, open and close disputes, refresh the
 * eligibility list, manage webhook endpoints and keys. A live integration never needs them.
 *
 * @module @glm/domain/test-helpers
 */

export {
  ApiKeyCreateRequest,
  ClockAdvanceRequest,
  DisputeCloseRequest,
  DisputeOpenRequest,
  EligibilityRefreshRequest,
  EventListQuery,
  TestPayer,
  TestPaymentRequest,
  WebhookDeliveryListQuery,
  WebhookEndpointCreateRequest,
  WebhookEndpointListQuery,
} from './schemas/test-helper-requests.ts';
export {
  CheckoutCancelResult,
  CheckoutPayResult,
  ClockState,
  EligibilityRefreshResult,
  PaymentLinkPayResult,
  WebhookFlushResult,
} from './schemas/test-helper-results.ts';
