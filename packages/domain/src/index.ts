/**
 * The pure model of the HSA/FSA hosted checkout service: wire schemas, state machines, money,
 * eligibility, ids and keys. No I/O, no clock, no randomness it does not receive.
 *
 * @module @glm/domain
 */

// Errors

export type { ErrorStatus } from './errors/error-code.ts';
export { ERROR_STATUS, ErrorCode } from './errors/error-code.ts';
export type { ErrorResponse } from './errors/error-response.ts';
export { errorResponse, refusalResponse } from './errors/error-response.ts';
export { formatParamPath } from './errors/param-path.ts';
export type { ParsedRequest, RequestOperation, RequestRefusal } from './errors/parse-request.ts';
export { parseRequest, REQUEST_OPERATIONS, requestErrorFromIssues } from './errors/parse-request.ts';
export { findPrototypeKey, PROTOTYPE_KEYS } from './errors/prototype-keys.ts';

export type { Result } from './result.ts';
export { err, ok } from './result.ts';
// Schemas

export { ApiKey, ApiKeyWithKey } from './schemas/api-key.ts';
export {
  CheckoutAddress,
  CheckoutCreateFields,
  CheckoutCreateGuide,
  CheckoutCreateReference,
  CheckoutLineItemRequest,
} from './schemas/checkout-create.ts';
export { CheckoutCreate } from './schemas/checkout-create-body.ts';
export { CheckoutEnvelope } from './schemas/checkout-envelope.ts';
export {
  CheckoutAmounts,
  CheckoutCustomer,
  CheckoutLineItem,
  CheckoutSession,
  CheckoutSessionEnvelope,
} from './schemas/checkout-session.ts';
export { Dispute, DisputeList, DisputeListQuery } from './schemas/dispute.ts';
export { EligibilityCheckRequest } from './schemas/eligibility-check-request.ts';
export { EligibilityResult } from './schemas/eligibility-result.ts';
export { CheckoutErrorBody, ErrorBody, ErrorDetail } from './schemas/error-body.ts';
export type { EventOf } from './schemas/event.ts';
export {
  AnyEvent,
  EVENT_DATA,
  Event,
  EventList,
  isKnownEvent,
  isKnownEventType,
  PaymentFailure,
  parseEvent,
  UnknownEvent,
} from './schemas/event.ts';
export { EventType } from './schemas/event-type.ts';
export { Gtin } from './schemas/gtin.ts';
export { ListPage } from './schemas/list-page.ts';
export type { CheckoutRequestProblem } from './schemas/normalize-checkout-request.ts';
export {
  checkoutRequestProblems,
  NormalizedCheckoutRequest,
  normalizeCheckoutRequest,
} from './schemas/normalize-checkout-request.ts';
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
export { OrderListQuery } from './schemas/order-list-query.ts';
export {
  PaymentLink,
  PaymentLinkCustomer,
  PaymentLinkList,
  PaymentLinkProduct,
} from './schemas/payment-link.ts';
export {
  PaymentLinkCancel,
  PaymentLinkCreate,
  PaymentLinkListQuery,
  PaymentLinkProductRequest,
} from './schemas/payment-link-requests.ts';
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
export { ProductCreate, ProductListQuery, ProductUpdate } from './schemas/product-requests.ts';
export { IdCursor, ListLimit, QueryBoolean, queryInteger } from './schemas/query-params.ts';
export { Refund, RefundBreakdown, RefundList } from './schemas/refund.ts';
export { RefundCreate, RefundListQuery } from './schemas/refund-requests.ts';
export {
  CartType,
  CheckoutSessionStatus,
  DisputeOutcome,
  DisputeStatus,
  EligibilityType,
  EventPaymentStatus,
  Mode,
  OrderStatus,
  PaymentAttemptOutcome,
  PaymentLinkStatus,
  PaymentStatus,
  PaymentType,
  ProductStatus,
  RefundReason,
  RefundStatus,
  SubscriptionInterval,
  SubscriptionStatus,
  WebhookDeliveryStatus,
} from './schemas/statuses.ts';
export {
  PaymentMethod,
  PaymentMethodType,
  Subscription,
  SubscriptionList,
  SubscriptionTerms,
} from './schemas/subscription.ts';
export { SubscriptionRequest } from './schemas/subscription-request.ts';
export {
  SUBSCRIPTION_PAYMENT_FAILED_REASON,
  SubscriptionCancel,
  SubscriptionCreate,
  SubscriptionListQuery,
} from './schemas/subscription-requests.ts';
export {
  ApiKeyCreateRequest,
  ClockAdvanceRequest,
  DisputeCloseRequest,
  DisputeOpenRequest,
  EligibilityRefreshEntry,
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
  PaymentAttemptResult,
  PaymentLinkPayResult,
  WebhookFlushResult,
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
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookSecret,
} from './schemas/webhook-endpoint.ts';

// Money and cart

export type { CartLine, CartTotals, CartTotalsInput } from './cart/cart-totals.ts';
export { cartTotals } from './cart/cart-totals.ts';
export type { CartItemEligibility } from './cart/cart-type.ts';
export { cartType, isEligibleItem } from './cart/cart-type.ts';
export type { AllocateRefusal } from './money/allocate.ts';
export { allocate } from './money/allocate.ts';
export type { CentsRefusal } from './money/amount.ts';
export { addCents, formatCents, isCents, multiplyCents, subtractCents } from './money/amount.ts';
export type { PaymentSplit, SplitAmounts } from './money/payment-split.ts';
export { splitPayment } from './money/payment-split.ts';
export type { RefundBreakdownInput, RefundBreakdownRefusal } from './money/refund-breakdown.ts';
export { refundBreakdown } from './money/refund-breakdown.ts';

// Ids and keys

export type { RandomBytes } from './ids/base62.ts';
export { BASE62_ALPHABET, randomBase62 } from './ids/base62.ts';
export type { IdPrefix } from './ids/ids.ts';
export { createId, ID_PREFIXES, ID_RANDOM_LENGTH, isId } from './ids/ids.ts';
export type { OrderNumberRefusal } from './ids/order-number.ts';
export { formatOrderNumber, MAX_ORDER_SEQUENCE } from './ids/order-number.ts';
export { generateWebhookSecret, isWebhookSecret, WEBHOOK_SECRET_PREFIX } from './ids/webhook-secret.ts';
export type { ApiKeyParts, ApiKeyRefusal, ApiKeyString } from './keys/api-key.ts';
export {
  API_KEY_SECRET_LENGTH,
  API_KEY_TOKEN_ID_LENGTH,
  formatApiKey,
  generateApiKey,
  parseApiKey,
  redactApiKey,
} from './keys/api-key.ts';

// State machines

export type {
  CheckoutSessionEffect,
  CheckoutSessionEvent,
  CheckoutSessionState,
  CheckoutSessionTransition,
} from './machines/checkout-session-machine.ts';
export {
  CHECKOUT_SESSION_LIFETIME_MS,
  checkoutSessionExpiresAt,
  checkoutSessionMoves,
  checkoutSessionTransition,
  isCheckoutExpired,
} from './machines/checkout-session-machine.ts';
export type {
  DisputeEffect,
  DisputeEvent,
  DisputeState,
  DisputeTransition,
} from './machines/dispute-machine.ts';
export {
  DISPUTE_EVIDENCE_WINDOW_MS,
  disputeEvidenceDueBy,
  disputeMoves,
  disputeTransition,
} from './machines/dispute-machine.ts';
// machine.ts's instant helpers (instantMs, shiftInstant, canMove, …) are the machines' internals and stay private.
export type {
  CreateOrderEffect,
  EmitEffect,
  EmitWithDataEffect,
  Instant,
  MachineRefusalCode,
  Move,
  Moved,
  OrderCreationEffect,
  Refused,
  SetTimestampEffect,
  Transition,
} from './machines/machine.ts';
export { orderCreationEffects } from './machines/machine.ts';
export type {
  AddStatusHistoryEffect,
  OrderStatusEffect,
  OrderStatusEvent,
  OrderStatusState,
  OrderStatusTransition,
} from './machines/order-status-machine.ts';
export {
  createOrderStatus,
  ORDER_STATUS_DEFAULT_REASONS,
  orderStatusMoves,
  orderStatusTransition,
} from './machines/order-status-machine.ts';
export type {
  PaymentLinkEffect,
  PaymentLinkEvent,
  PaymentLinkState,
  PaymentLinkTransition,
  SetCancellationReasonEffect,
} from './machines/payment-link-machine.ts';
export {
  isPaymentLinkExpired,
  isPaymentLinkExpiryAllowed,
  PAYMENT_LINK_DEFAULT_LIFETIME_MS,
  PAYMENT_LINK_MAX_LIFETIME_MS,
  paymentLinkDefaultExpiresAt,
  paymentLinkMoves,
  paymentLinkTransition,
} from './machines/payment-link-machine.ts';
export type {
  PaymentStatusEffect,
  PaymentStatusEvent,
  PaymentStatusState,
  PaymentStatusTransition,
} from './machines/payment-status-machine.ts';
export { paymentStatusMoves, paymentStatusTransition } from './machines/payment-status-machine.ts';
export type {
  ProductStatusEvent,
  ProductStatusState,
  ProductStatusTransition,
} from './machines/product-status-machine.ts';
export { productStatusMoves, productStatusTransition } from './machines/product-status-machine.ts';
export type {
  RefundEffect,
  RefundEvent,
  RefundedPaymentStatus,
  RefundState,
  RefundTransition,
} from './machines/refund-machine.ts';
export { refundMoves, refundTransition } from './machines/refund-machine.ts';
export type {
  SubscriptionEffect,
  SubscriptionEvent,
  SubscriptionStart,
  SubscriptionState,
  SubscriptionTransition,
} from './machines/subscription-machine.ts';
export {
  addInterval,
  SUBSCRIPTION_RETRY_SCHEDULE_MS,
  SUBSCRIPTION_TRIAL_ENDING_NOTICE_MS,
  startSubscription,
  subscriptionDueAt,
  subscriptionMoves,
  subscriptionTransition,
  subscriptionTrialEndingAt,
} from './machines/subscription-machine.ts';
export type {
  WebhookDeliveryEffect,
  WebhookDeliveryEvent,
  WebhookDeliveryState,
  WebhookDeliveryTransition,
} from './machines/webhook-delivery-machine.ts';
export {
  startWebhookDelivery,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_SCHEDULE_MS,
  webhookDeliveryMoves,
  webhookDeliveryTransition,
} from './machines/webhook-delivery-machine.ts';

// Redirect URLs

export type { RedirectUrlValues } from './redirect/redirect-url.ts';
export { fillRedirectUrl } from './redirect/redirect-url.ts';

// Eligibility
// (phrase-match.ts and measurements.ts are the classifier's internals and stay private.)

export type { BarcodeKind, BarcodeReading, NormalizedBarcode } from './eligibility/barcode.ts';
export { expandUpcE, gtinCheckDigit, normalizeBarcode } from './eligibility/barcode.ts';
export type { ProductNameClassification } from './eligibility/classifier.ts';
export { classifyProductName } from './eligibility/classifier.ts';
export type { EligibilityCheckInput, EligibilityCheckResult } from './eligibility/eligibility-check.ts';
export { checkEligibility } from './eligibility/eligibility-check.ts';
export type {
  EligibilityDatabase,
  EligibilityDatabaseEntry,
  EligibilityRecord,
} from './eligibility/eligibility-database.ts';
export { createEligibilityDatabase } from './eligibility/eligibility-database.ts';
export { EligibilityCategory, EligibilityRules } from './eligibility/rules.ts';
export { eligibilityRules } from './eligibility/rules-data.ts';
export { sampleEligibilityEntries } from './eligibility/sample-eligibility-entries.ts';

// Interface coverage (issue 2 audit): the embedded checkout's messages, the guide's checkout answer,
// and the tag a checkout request problem carries

export type { CheckoutCreateSummary } from './schemas/checkout-guide-response.ts';
export { CheckoutCreateResponse, CheckoutGuideResponse } from './schemas/checkout-guide-response.ts';
export {
  CheckoutCancelledMessage,
  CheckoutCompletedMessage,
  CheckoutErrorMessage,
  CheckoutMessage,
  CheckoutResizeMessage,
} from './schemas/checkout-message.ts';
export type { IssueTag } from './schemas/issue-tag.ts';
