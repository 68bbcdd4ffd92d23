import {
  ApiKey,
  ApiKeyWithKey,
  CheckoutCreate,
  CheckoutErrorBody,
  CheckoutSession,
  CheckoutSessionEnvelope,
  Dispute,
  DisputeList,
  DisputeListQuery,
  EligibilityCheckRequest,
  EligibilityResult,
  ErrorBody,
  type ErrorCode,
  EventList,
  Order,
  OrderList,
  OrderListQuery,
  PaymentLink,
  PaymentLinkCancel,
  PaymentLinkCreate,
  PaymentLinkList,
  PaymentLinkListQuery,
  Product,
  ProductCreate,
  ProductList,
  ProductListQuery,
  ProductUpdate,
  Refund,
  RefundCreate,
  RefundList,
  RefundListQuery,
  type RequestOperation,
  Subscription,
  SubscriptionCancel,
  SubscriptionCreate,
  SubscriptionList,
  SubscriptionListQuery,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookSecret,
} from '@glm/domain';
import {
  ApiKeyCreateRequest,
  CheckoutCancelResult,
  CheckoutPayResult,
  ClockAdvanceRequest,
  ClockState,
  DisputeCloseRequest,
  DisputeOpenRequest,
  EligibilityRefreshRequest,
  EligibilityRefreshResult,
  EventListQuery,
  PaymentLinkPayResult,
  TestPaymentRequest,
  WebhookDeliveryListQuery,
  WebhookEndpointCreateRequest,
  WebhookEndpointListQuery,
  WebhookFlushResult,
} from '@glm/domain/test-helpers';
import { z } from 'zod';
import type { HttpMethod } from '../http/route.ts';

// This document itself, described by the fields every OpenAPI 3.1 document has.
const OpenApiDocumentBody = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The request bodies of the document, by component name; described by their input side (what a client
 * sends: defaults are optional, strict objects are closed).
 */
export const REQUEST_SCHEMAS = {
  ProductCreate,
  ProductUpdate,
  EligibilityCheckRequest,
  CheckoutCreate,
  PaymentLinkCreate,
  PaymentLinkCancel,
  RefundCreate,
  SubscriptionCreate,
  SubscriptionCancel,
  TestPaymentRequest,
  ClockAdvanceRequest,
  DisputeOpenRequest,
  DisputeCloseRequest,
  EligibilityRefreshRequest,
  ApiKeyCreateRequest,
  WebhookEndpointCreateRequest,
} as const satisfies Record<string, z.ZodType>;

/**
 * The response bodies of the document, by component name; described by their output side. Naming a
 * schema here lets the others refer to it (`OrderList` → `Order`).
 */
export const RESPONSE_SCHEMAS = {
  ErrorBody,
  CheckoutErrorBody,
  Product,
  ProductList,
  EligibilityResult,
  CheckoutSession,
  CheckoutSessionEnvelope,
  CheckoutPayResult,
  CheckoutCancelResult,
  Order,
  OrderList,
  PaymentLink,
  PaymentLinkList,
  PaymentLinkPayResult,
  Refund,
  RefundList,
  Subscription,
  SubscriptionList,
  Dispute,
  DisputeList,
  ClockState,
  EligibilityRefreshResult,
  EventList,
  ApiKey,
  ApiKeyWithKey,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookSecret,
  WebhookFlushResult,
  OpenApiDocumentBody,
} as const satisfies Record<string, z.ZodType>;

/** A component name of a request body. */
type RequestSchemaName = keyof typeof REQUEST_SCHEMAS;
/** A component name of a response body. */
export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

/** The tags that group operations, with their descriptions, in document order. */
export const OPERATION_TAGS = {
  Products: 'The catalog (interface 2.1, 4.1–4.3), shared by test and live mode.',
  Checkout:
    'Checkout sessions (interface 4.4–4.5), answered in the `{success, message, data, metadata}` envelope.',
  'Payment links': 'Payment links (interface 4.6–4.7).',
  Orders: 'Orders (interface 4.8).',
  Refunds: 'Refunds, partial or full, split between the HSA/FSA card and the regular card.',
  Subscriptions: 'Subscriptions for returning customers: create and cancel.',
  'Test helpers': 'Test-mode operations: live keys get 403 forbidden.',
  Document: 'This OpenAPI document.',
} as const;

/** A tag of {@link OPERATION_TAGS}. */
type OperationTag = keyof typeof OPERATION_TAGS;

/** A path parameter: its description and, when not a plain string, its schema. */
interface PathParameterSpec {
  /** What the parameter names. */
  readonly description: string;
  /** Its schema; a non-empty string when omitted. */
  readonly schema?: z.ZodType;
}

/** One documented operation, written against the route table's path pattern. */
export interface OperationSpec {
  /** The method, as in the route table. */
  readonly method: HttpMethod;
  /** The route table's pattern after the version prefix (`/products/:id`). */
  readonly path: string;
  /** Unique operation id (camelCase). */
  readonly operationId: string;
  /** One-line summary. */
  readonly summary: string;
  /** Longer description: rules the schemas cannot carry (cross-field checks, side effects). */
  readonly description?: string;
  /** The group the operation belongs to. */
  readonly tag: OperationTag;
  /** Path parameters by name; `id` gets a generic description when absent. */
  readonly pathParameters?: Readonly<Record<string, PathParameterSpec>>;
  /** The query schema, documented parameter by parameter. */
  readonly query?: z.ZodObject;
  /** The request body's component. */
  readonly body?: RequestSchemaName;
  /** How the server maps the request's validation problems to errors (the domain's rules). */
  readonly validation?: RequestOperation;
  /** The success answer. */
  readonly success: {
    readonly status: 200 | 201;
    readonly schema: ResponseSchemaName;
    readonly description: string;
  };
  /** Refusals of the operation itself, beyond authentication, validation, bodies and idempotency. */
  readonly errors?: readonly ErrorCode[];
}

const productId: PathParameterSpec = {
  description: 'The product id (a positive integer; a non-integer is 400 invalid_request).',
  schema: z.int().positive(),
};
const idOf = (what: string, prefix: string): PathParameterSpec => ({
  description: `The ${what} id (\`${prefix}…\`; an id of the other mode is unknown).`,
});

/**
 * Every operation of the reference server, in document order. A route in the route table without an
 * entry here (or the reverse) fails the document's test by name.
 */
export const OPERATIONS: readonly OperationSpec[] = [
  {
    method: 'GET',
    path: '/products',
    operationId: 'listProducts',
    summary: 'List products, newest first',
    tag: 'Products',
    query: ProductListQuery,
    validation: 'product.list',
    description: 'Cursor pagination: pass `next_cursor` as `starting_after`. Unknown parameters are refused.',
    success: { status: 200, schema: 'ProductList', description: 'One page of products.' },
  },
  {
    method: 'POST',
    path: '/products',
    operationId: 'createProduct',
    summary: 'Create a product',
    tag: 'Products',
    body: 'ProductCreate',
    validation: 'product.create',
    description: 'Eligibility is checked at creation; emits `product.created`.',
    success: { status: 201, schema: 'Product', description: 'The created product.' },
    errors: ['conflict'],
  },
  {
    method: 'POST',
    path: '/products/check-eligibility',
    operationId: 'checkEligibility',
    summary: 'Check HSA/FSA eligibility without creating a product',
    tag: 'Products',
    body: 'EligibilityCheckRequest',
    validation: 'eligibility.check',
    description:
      'At least one of `upc_code_or_gtin` and `product_name` is required (400 invalid_request otherwise). ' +
      'Limited to 100 requests a minute per merchant in test mode, 1000 in live mode.',
    success: { status: 200, schema: 'EligibilityResult', description: 'The eligibility result.' },
  },
  {
    method: 'GET',
    path: '/products/:id',
    operationId: 'getProduct',
    summary: 'Get a product',
    tag: 'Products',
    pathParameters: { id: productId },
    success: { status: 200, schema: 'Product', description: 'The product.' },
    errors: ['invalid_request', 'not_found'],
  },
  {
    method: 'PUT',
    path: '/products/:id',
    operationId: 'updateProduct',
    summary: 'Update a product (only the fields sent change)',
    tag: 'Products',
    pathParameters: { id: productId },
    body: 'ProductUpdate',
    validation: 'product.update',
    description:
      '`images` replaces the list; `metadata` merges key by key and a null value removes its key. ' +
      'A status move the product cannot make is 409 conflict. Emits `product.updated` when something changed.',
    success: { status: 200, schema: 'Product', description: 'The updated product.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'POST',
    path: '/checkout',
    operationId: 'createCheckoutSession',
    summary: 'Create a checkout session',
    tag: 'Checkout',
    body: 'CheckoutCreate',
    validation: 'checkout.create',
    description:
      'Accepts the reference shape of interface 4.4 and the embedded-guide shape; sending both ' +
      'spellings of one field with different values is 400 bad_request. Line items whose `product_id` ' +
      'matches no product pass through as not eligible.',
    success: {
      status: 201,
      schema: 'CheckoutSessionEnvelope',
      description: 'The session, in the checkout envelope.',
    },
  },
  {
    method: 'GET',
    path: '/checkout/:id',
    operationId: 'getCheckoutSession',
    summary: 'Get a checkout session (poll its status)',
    tag: 'Checkout',
    pathParameters: { id: idOf('checkout session', 'cs_') },
    success: {
      status: 200,
      schema: 'CheckoutSessionEnvelope',
      description: 'The session, in the checkout envelope.',
    },
    errors: ['not_found'],
  },
  {
    method: 'POST',
    path: '/payment-links',
    operationId: 'createPaymentLink',
    summary: 'Create a payment link',
    tag: 'Payment links',
    body: 'PaymentLinkCreate',
    validation: 'payment_link.create',
    description:
      '`subscription` is required when `payment_type` is `subscription`; products may not sum above ' +
      '`amount_cents`; `expires_at` is in the future and at most 90 days away. Emits `payment_link.created`.',
    success: { status: 201, schema: 'PaymentLink', description: 'The link, status active.' },
  },
  {
    method: 'GET',
    path: '/payment-links',
    operationId: 'listPaymentLinks',
    summary: 'List payment links, newest first',
    tag: 'Payment links',
    query: PaymentLinkListQuery,
    validation: 'payment_link.list',
    success: { status: 200, schema: 'PaymentLinkList', description: 'One page of payment links.' },
  },
  {
    method: 'GET',
    path: '/payment-links/:id',
    operationId: 'getPaymentLink',
    summary: 'Get a payment link',
    tag: 'Payment links',
    pathParameters: { id: idOf('payment link', 'plink_') },
    success: { status: 200, schema: 'PaymentLink', description: 'The payment link.' },
    errors: ['not_found'],
  },
  {
    method: 'POST',
    path: '/payment-links/:id/cancel',
    operationId: 'cancelPaymentLink',
    summary: 'Cancel an active payment link',
    tag: 'Payment links',
    pathParameters: { id: idOf('payment link', 'plink_') },
    body: 'PaymentLinkCancel',
    validation: 'payment_link.cancel',
    description:
      'Only an active link can be cancelled (400 invalid_state, param `status`). Emits `payment_link.cancelled`.',
    success: { status: 200, schema: 'PaymentLink', description: 'The cancelled link.' },
    errors: ['invalid_state', 'not_found'],
  },
  {
    method: 'GET',
    path: '/orders',
    operationId: 'listOrders',
    summary: 'List orders, newest first',
    tag: 'Orders',
    query: OrderListQuery,
    validation: 'order.list',
    success: { status: 200, schema: 'OrderList', description: 'One page of orders.' },
  },
  {
    method: 'GET',
    path: '/orders/:id',
    operationId: 'getOrder',
    summary: 'Get an order',
    tag: 'Orders',
    pathParameters: { id: idOf('order', 'ord_') },
    success: { status: 200, schema: 'Order', description: 'The order.' },
    errors: ['not_found'],
  },
  {
    method: 'POST',
    path: '/refunds',
    operationId: 'createRefund',
    summary: 'Refund an order, fully or in part',
    tag: 'Refunds',
    body: 'RefundCreate',
    validation: 'refund.create',
    description:
      '`amount_cents` (alias `amount`; both must agree) defaults to what is left to refund. Only a captured ' +
      'order with money left can be refunded (409 conflict); an amount above what is left is 400 invalid_amount. ' +
      'Emits `refund.created`, then `refund.succeeded` or `refund.failed`.',
    success: { status: 201, schema: 'Refund', description: 'The refund, status pending.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'GET',
    path: '/refunds',
    operationId: 'listRefunds',
    summary: 'List refunds, newest first',
    tag: 'Refunds',
    query: RefundListQuery,
    validation: 'refund.list',
    success: { status: 200, schema: 'RefundList', description: 'One page of refunds.' },
  },
  {
    method: 'GET',
    path: '/refunds/:id',
    operationId: 'getRefund',
    summary: 'Get a refund',
    tag: 'Refunds',
    pathParameters: { id: idOf('refund', 'ref_') },
    success: { status: 200, schema: 'Refund', description: 'The refund.' },
    errors: ['not_found'],
  },
  {
    method: 'POST',
    path: '/subscriptions',
    operationId: 'createSubscription',
    summary: 'Subscribe a returning customer',
    tag: 'Subscriptions',
    body: 'SubscriptionCreate',
    validation: 'subscription.create',
    description:
      'Charges one of the customer’s payment methods (`pm_…`, from `order.payment.payment_method_id`) every ' +
      '`interval_count` `interval`s. The customer (`cus_…`, from `order.customer.id`) and the method must exist ' +
      'in the key’s mode (404) and the method must be the customer’s (422). Without a trial the first period ' +
      'is charged at once: one order, `subscription.payment_succeeded`, `order.created`, `order.completed`.',
    success: { status: 201, schema: 'Subscription', description: 'The subscription.' },
    errors: ['not_found'],
  },
  {
    method: 'POST',
    path: '/subscriptions/:id/cancel',
    operationId: 'cancelSubscription',
    summary: 'Cancel a subscription, at once or at period end',
    tag: 'Subscriptions',
    pathParameters: { id: idOf('subscription', 'sub_') },
    body: 'SubscriptionCancel',
    validation: 'subscription.cancel',
    description:
      'At once: `cancelled`, `cancelled_at` = `ended_at` = now, `subscription.cancelled`. With ' +
      '`cancel_at_period_end: true`: the status stays, `subscription.updated` now, and at ' +
      '`current_period_end` it becomes `cancelled` with `subscription.cancelled`, uncharged.',
    success: { status: 200, schema: 'Subscription', description: 'The subscription.' },
    errors: ['not_found', 'invalid_state'],
  },
  {
    method: 'POST',
    path: '/test_helpers/checkout/:id/pay',
    operationId: 'testPayCheckoutSession',
    summary: 'Pay a checkout session with a test card',
    tag: 'Test helpers',
    pathParameters: { id: idOf('checkout session', 'cs_') },
    body: 'TestPaymentRequest',
    validation: 'test_helpers.pay',
    description:
      'Test cards: 4242424242424242 (default) and 4111111111111111 succeed, 4000000000000002 and ' +
      '4000000000009995 decline (retryable), 4000000000000069 is a hard decline, 4000000000000259 ' +
      'succeeds and then opens a dispute; a declined card answers 200 with `order: null`.',
    success: { status: 200, schema: 'CheckoutPayResult', description: 'The attempt and what it created.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'POST',
    path: '/test_helpers/checkout/:id/cancel',
    operationId: 'testCancelCheckoutSession',
    summary: "Play the shopper's cancel on the hosted page",
    tag: 'Test helpers',
    pathParameters: { id: idOf('checkout session', 'cs_') },
    description: 'The session stays open; nothing is emitted.',
    success: { status: 200, schema: 'CheckoutCancelResult', description: 'The session, unchanged.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'POST',
    path: '/test_helpers/payment-links/:id/pay',
    operationId: 'testPayPaymentLink',
    summary: 'Pay a payment link with a test card',
    tag: 'Test helpers',
    pathParameters: { id: idOf('payment link', 'plink_') },
    body: 'TestPaymentRequest',
    validation: 'test_helpers.pay',
    success: { status: 200, schema: 'PaymentLinkPayResult', description: 'The attempt and what it created.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'POST',
    path: '/test_helpers/refunds/:id/succeed',
    operationId: 'testSucceedRefund',
    summary: 'Settle a pending refund as succeeded',
    tag: 'Test helpers',
    pathParameters: { id: idOf('refund', 'ref_') },
    success: { status: 200, schema: 'Refund', description: 'The refund.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'POST',
    path: '/test_helpers/refunds/:id/fail',
    operationId: 'testFailRefund',
    summary: 'Settle a pending refund as failed',
    tag: 'Test helpers',
    pathParameters: { id: idOf('refund', 'ref_') },
    success: { status: 200, schema: 'Refund', description: 'The refund.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'POST',
    path: '/test_helpers/orders/:id/dispute',
    operationId: 'testOpenDispute',
    summary: 'Open a dispute (chargeback) on an order',
    tag: 'Test helpers',
    pathParameters: { id: idOf('order', 'ord_') },
    body: 'DisputeOpenRequest',
    validation: 'test_helpers.dispute.open',
    success: { status: 201, schema: 'Dispute', description: 'The dispute, status needs_response.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'POST',
    path: '/test_helpers/disputes/:id/close',
    operationId: 'testCloseDispute',
    summary: 'Close a dispute with an outcome',
    tag: 'Test helpers',
    pathParameters: { id: idOf('dispute', 'dp_') },
    body: 'DisputeCloseRequest',
    validation: 'test_helpers.dispute.close',
    success: { status: 200, schema: 'Dispute', description: 'The closed dispute.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'GET',
    path: '/test_helpers/clock',
    operationId: 'testGetClock',
    summary: "Read the server's clock",
    tag: 'Test helpers',
    success: { status: 200, schema: 'ClockState', description: 'The current time.' },
  },
  {
    method: 'POST',
    path: '/test_helpers/clock/advance',
    operationId: 'testAdvanceClock',
    summary: 'Move the clock forward and run everything that falls due',
    tag: 'Test helpers',
    body: 'ClockAdvanceRequest',
    validation: 'test_helpers.clock.advance',
    success: { status: 200, schema: 'ClockState', description: 'The new time.' },
  },
  {
    method: 'POST',
    path: '/test_helpers/eligibility/refresh',
    operationId: 'testRefreshEligibility',
    summary: 'Install a new eligibility database version and re-check every product',
    tag: 'Test helpers',
    body: 'EligibilityRefreshRequest',
    validation: 'test_helpers.eligibility.refresh',
    success: {
      status: 200,
      schema: 'EligibilityRefreshResult',
      description: 'The version and the changed products.',
    },
  },
  {
    method: 'GET',
    path: '/test_helpers/subscriptions',
    operationId: 'testListSubscriptions',
    summary: 'List subscriptions, newest first',
    tag: 'Test helpers',
    query: SubscriptionListQuery,
    validation: 'test_helpers.subscription.list',
    success: { status: 200, schema: 'SubscriptionList', description: 'One page of subscriptions.' },
  },
  {
    method: 'GET',
    path: '/test_helpers/subscriptions/:id',
    operationId: 'testGetSubscription',
    summary: 'Get a subscription',
    tag: 'Test helpers',
    pathParameters: { id: idOf('subscription', 'sub_') },
    success: { status: 200, schema: 'Subscription', description: 'The subscription.' },
    errors: ['not_found'],
  },
  {
    method: 'GET',
    path: '/test_helpers/disputes',
    operationId: 'testListDisputes',
    summary: 'List disputes, newest first (mock only)',
    tag: 'Test helpers',
    query: DisputeListQuery,
    validation: 'test_helpers.dispute.list',
    description: 'The service has no merchant dispute API; the mock lets a test read what it opened.',
    success: { status: 200, schema: 'DisputeList', description: 'One page of disputes.' },
  },
  {
    method: 'GET',
    path: '/test_helpers/disputes/:id',
    operationId: 'testGetDispute',
    summary: 'Get a dispute (mock only)',
    tag: 'Test helpers',
    pathParameters: { id: idOf('dispute', 'dp_') },
    success: { status: 200, schema: 'Dispute', description: 'The dispute.' },
    errors: ['not_found'],
  },
  {
    method: 'GET',
    path: '/test_helpers/events',
    operationId: 'testListEvents',
    summary: 'List the events of the caller’s mode, newest first',
    tag: 'Test helpers',
    query: EventListQuery,
    validation: 'test_helpers.event.list',
    success: { status: 200, schema: 'EventList', description: 'One page of events.' },
  },
  {
    method: 'POST',
    path: '/test_helpers/api_keys',
    operationId: 'testCreateApiKey',
    summary: 'Create an API key (the dashboard operation)',
    tag: 'Test helpers',
    body: 'ApiKeyCreateRequest',
    validation: 'test_helpers.api_key.create',
    description: 'The key value appears only in this answer.',
    success: { status: 201, schema: 'ApiKeyWithKey', description: 'The key record with its value.' },
  },
  {
    method: 'DELETE',
    path: '/test_helpers/api_keys/:id',
    operationId: 'testRevokeApiKey',
    summary: 'Revoke an API key',
    tag: 'Test helpers',
    pathParameters: { id: { description: 'The API key id (its token id).' } },
    description: 'Takes effect on the next request.',
    success: { status: 200, schema: 'ApiKey', description: 'The revoked key record.' },
    errors: ['not_found'],
  },
  {
    method: 'POST',
    path: '/test_helpers/webhook_endpoints',
    operationId: 'testCreateWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    tag: 'Test helpers',
    body: 'WebhookEndpointCreateRequest',
    validation: 'test_helpers.webhook_endpoint.create',
    description: 'The signing secret appears only in this answer.',
    success: {
      status: 201,
      schema: 'WebhookEndpointWithSecret',
      description: 'The endpoint with its secret.',
    },
  },
  {
    method: 'GET',
    path: '/test_helpers/webhook_endpoints',
    operationId: 'testListWebhookEndpoints',
    summary: 'List webhook endpoints',
    tag: 'Test helpers',
    query: WebhookEndpointListQuery,
    validation: 'test_helpers.webhook_delivery.list',
    success: { status: 200, schema: 'WebhookEndpointList', description: 'One page of endpoints.' },
  },
  {
    method: 'GET',
    path: '/test_helpers/webhook_endpoints/:id',
    operationId: 'testGetWebhookEndpoint',
    summary: 'Get a webhook endpoint',
    tag: 'Test helpers',
    pathParameters: { id: idOf('webhook endpoint', 'whep_') },
    success: { status: 200, schema: 'WebhookEndpoint', description: 'The endpoint (without its secret).' },
    errors: ['not_found'],
  },
  {
    method: 'DELETE',
    path: '/test_helpers/webhook_endpoints/:id',
    operationId: 'testDeleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    tag: 'Test helpers',
    pathParameters: { id: idOf('webhook endpoint', 'whep_') },
    success: { status: 200, schema: 'WebhookEndpointDeleted', description: 'The deleted endpoint.' },
    errors: ['not_found'],
  },
  {
    method: 'GET',
    path: '/test_helpers/webhook_deliveries',
    operationId: 'testListWebhookDeliveries',
    summary: 'List webhook deliveries, newest first',
    tag: 'Test helpers',
    query: WebhookDeliveryListQuery,
    validation: 'test_helpers.webhook_delivery.list',
    success: { status: 200, schema: 'WebhookDeliveryList', description: 'One page of deliveries.' },
  },
  {
    method: 'POST',
    path: '/test_helpers/webhook_deliveries/:id/resend',
    operationId: 'testResendWebhookDelivery',
    summary: 'Resend a failed webhook delivery now',
    tag: 'Test helpers',
    pathParameters: { id: { description: 'The webhook delivery id.' } },
    description:
      'The retry schedule starts again, answered after its first attempt; a pending or delivered delivery, ' +
      'or one whose endpoint was deleted, is 409 conflict.',
    success: { status: 200, schema: 'WebhookDelivery', description: 'The delivery after the attempt.' },
    errors: ['not_found', 'conflict'],
  },
  {
    method: 'GET',
    path: '/test_helpers/webhook_secret',
    operationId: 'testGetWebhookSecret',
    summary: 'Get the default secret that signs `metadata.webhook_url` deliveries',
    tag: 'Test helpers',
    success: { status: 200, schema: 'WebhookSecret', description: 'The default webhook secret.' },
  },
  {
    method: 'POST',
    path: '/test_helpers/webhooks/flush',
    operationId: 'testFlushWebhooks',
    summary: 'Attempt every webhook delivery that is due now',
    tag: 'Test helpers',
    success: { status: 200, schema: 'WebhookFlushResult', description: 'What the flush did.' },
  },
  {
    method: 'GET',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI document',
    tag: 'Document',
    description:
      'Answered without an API key, also at `/openapi.json` outside the version prefixes: the ' +
      'document describes the API and holds no merchant data.',
    success: { status: 200, schema: 'OpenApiDocumentBody', description: 'The OpenAPI 3.1 document.' },
  },
];
