/**
 * The pure model of the HSA/FSA hosted checkout service: wire schemas, money, eligibility, ids and keys.
 * No I/O, no clock, no randomness it does not receive. The resources' state machines are the
 * `@glm/domain/machines` entry, the test-mode helpers' requests and answers `@glm/domain/test-helpers`.
 *
 * @module @glm/domain
 */

// biome-ignore-all lint/performance/noReExportAll: a schemas file whose every export is public is re-exported whole, so a schema added to it is exported under its own name (the name a route row gives) with no edit here; a file with private helpers keeps a named list.

// Results and errors

export type { ErrorStatus } from './errors/error-code.ts';
export { ERROR_STATUS, ErrorCode } from './errors/error-code.ts';
export type { ErrorResponse } from './errors/error-response.ts';
export type {
  ParsedRequest,
  RequestOperation,
  RequestRefusal,
  RequestRules,
} from './errors/parse-request.ts';
export { parseRequest, REQUEST_OPERATIONS } from './errors/parse-request.ts';
export type { Result } from './result.ts';
export { err, ok } from './result.ts';
export * from './schemas/error-body.ts';
export type { Open } from './schemas/open-enum.ts';

// Resources: a schema and its type share one name

export * from './schemas/api-key.ts';
export { CheckoutCreateResponse } from './schemas/checkout-guide-response.ts';
export * from './schemas/checkout-message.ts';
export * from './schemas/checkout-session.ts';
export * from './schemas/dispute.ts';
export * from './schemas/eligibility-result.ts';
export * from './schemas/order.ts';
export * from './schemas/payment-link.ts';
export * from './schemas/product.ts';
export * from './schemas/refund.ts';
export {
  CartType,
  CheckoutSessionStatus,
  DisputeOutcome,
  DisputeStatus,
  EligibilityType,
  Mode,
  OrderStatus,
  PaymentLinkStatus,
  PaymentStatus,
  ProductStatus,
  RefundStatus,
  SubscriptionInterval,
  SubscriptionStatus,
  WebhookDeliveryStatus,
} from './schemas/statuses.ts';
export { PaymentMethod, Subscription, SubscriptionList } from './schemas/subscription.ts';
export * from './schemas/webhook-delivery.ts';
export * from './schemas/webhook-endpoint.ts';

// Requests: strict, with the interface's error answer from `parseRequest`

export { CheckoutCreateReference } from './schemas/checkout-create.ts';
export * from './schemas/checkout-create-body.ts';
export * from './schemas/eligibility-check-request.ts';
export type { CheckoutRequestProblem } from './schemas/normalize-checkout-request.ts';
export { NormalizedCheckoutRequest, normalizeCheckoutRequest } from './schemas/normalize-checkout-request.ts';
export * from './schemas/order-list-query.ts';
export * from './schemas/payment-link-requests.ts';
export * from './schemas/product-requests.ts';
export * from './schemas/refund-requests.ts';
export { SubscriptionRequest } from './schemas/subscription-request.ts';
export * from './schemas/subscription-requests.ts';

// Webhook events: a union discriminated on `type`

export * from './schemas/event.ts';
export * from './schemas/event-type.ts';

// Money and carts

export type { CartLine, CartTotals, CartTotalsInput } from './cart/cart-totals.ts';
export { cartTotals } from './cart/cart-totals.ts';
export type { CartItemEligibility } from './cart/cart-type.ts';
export { cartType } from './cart/cart-type.ts';
export type { AllocateRefusal } from './money/allocate.ts';
export { allocate } from './money/allocate.ts';
export type { CentsRefusal } from './money/amount.ts';
export { addCents, formatCents, multiplyCents, subtractCents } from './money/amount.ts';
export type { PaymentSplit, SplitAmounts } from './money/payment-split.ts';
export { splitPayment } from './money/payment-split.ts';
export type { RefundBreakdownInput, RefundBreakdownRefusal } from './money/refund-breakdown.ts';
export { refundBreakdown } from './money/refund-breakdown.ts';

// Ids, keys and redirect URLs

export type { RandomBytes } from './ids/base62.ts';
export { randomBase62 } from './ids/base62.ts';
export type { IdPrefix } from './ids/ids.ts';
export { createId, ID_PREFIXES, isId } from './ids/ids.ts';
export type { OrderNumberRefusal } from './ids/order-number.ts';
export { formatOrderNumber } from './ids/order-number.ts';
export { generateWebhookSecret } from './ids/webhook-secret.ts';
export type { ApiKeyParts, ApiKeyRefusal, ApiKeyString } from './keys/api-key.ts';
export { generateApiKey, parseApiKey, redactApiKey } from './keys/api-key.ts';
export type { RedirectUrlValues } from './redirect/redirect-url.ts';
export { fillRedirectUrl } from './redirect/redirect-url.ts';

// Eligibility (the classifier's phrase matching and measurements stay private)

export type { BarcodeKind, NormalizedBarcode } from './eligibility/barcode.ts';
export { normalizeBarcode } from './eligibility/barcode.ts';
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
export { sampleEligibilityEntries } from './eligibility/sample-eligibility-entries.ts';
