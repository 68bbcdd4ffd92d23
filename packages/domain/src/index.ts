/**
 * The pure model of the HSA/FSA hosted checkout service: wire schemas, state machines, money,
 * eligibility, ids and keys. No I/O, no clock, no randomness it does not receive.
 *
 * @module @glm/domain
 */

// Errors
export type { ErrorStatus } from './errors/error-code.ts';
export { ERROR_STATUS, ErrorCode } from './errors/error-code.ts';
export type { Result } from './result.ts';
export { err, ok } from './result.ts';
// Schemas
export { ApiKey, ApiKeyWithKey } from './schemas/api-key.ts';
export { CheckoutEnvelope } from './schemas/checkout-envelope.ts';
export {
  CheckoutAmounts,
  CheckoutCustomer,
  CheckoutLineItem,
  CheckoutSession,
  CheckoutSessionEnvelope,
} from './schemas/checkout-session.ts';
export { Dispute } from './schemas/dispute.ts';
export { EligibilityResult } from './schemas/eligibility-result.ts';
export { CheckoutErrorBody, ErrorBody, ErrorDetail } from './schemas/error-body.ts';
export { EventType } from './schemas/event-type.ts';
export { Gtin, hasValidGtinCheckDigit } from './schemas/gtin.ts';
export { ListPage } from './schemas/list-page.ts';
export type { Open } from './schemas/open-enum.ts';
export { openEnum } from './schemas/open-enum.ts';
export {
  Order,
  OrderAddress,
  OrderAmounts,
  OrderCustomer,
  OrderLineItem,
  OrderList,
  OrderPayment,
  OrderStatusHistoryEntry,
} from './schemas/order.ts';
export {
  PaymentLink,
  PaymentLinkCustomer,
  PaymentLinkList,
  PaymentLinkProduct,
} from './schemas/payment-link.ts';
export {
  Cents,
  CurrencyCode,
  Email,
  HttpUrl,
  Metadata,
  MetadataPatch,
  MetadataRecord,
  Name,
  PositiveCents,
  SETTLED_CURRENCY,
  SettledCurrency,
  ShortText,
  Timestamp,
} from './schemas/primitives.ts';
export { Product, ProductEligibility, ProductImage, ProductList } from './schemas/product.ts';
export { Refund, RefundBreakdown, RefundList } from './schemas/refund.ts';
export { Subscription, SubscriptionTerms } from './schemas/subscription.ts';
export {
  CheckoutPayResult,
  ClockState,
  EligibilityRefreshResult,
  PaymentAttemptResult,
  PaymentLinkPayResult,
} from './schemas/test-helper-results.ts';
export {
  RESPONSE_BODY_EXCERPT_LIMIT,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  WebhookDeliveryList,
} from './schemas/webhook-delivery.ts';
export {
  EventSubscription,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookSecret,
} from './schemas/webhook-endpoint.ts';
