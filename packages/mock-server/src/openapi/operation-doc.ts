import {
  ApiKey,
  ApiKeyWithKey,
  CheckoutCreate,
  CheckoutErrorBody,
  CheckoutSession,
  CheckoutSessionEnvelope,
  Dispute,
  DisputeList,
  EligibilityCheckRequest,
  EligibilityResult,
  ErrorBody,
  type ErrorCode,
  EventList,
  Order,
  OrderList,
  PaymentLink,
  PaymentLinkCancel,
  PaymentLinkCreate,
  PaymentLinkList,
  Product,
  ProductCreate,
  ProductList,
  ProductUpdate,
  Refund,
  RefundCreate,
  RefundList,
  type RequestOperation,
  Subscription,
  SubscriptionCancel,
  SubscriptionCreate,
  SubscriptionList,
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
  PaymentLinkPayResult,
  TestPaymentRequest,
  WebhookEndpointCreateRequest,
  WebhookFlushResult,
} from '@glm/domain/test-helpers';
import { z } from 'zod';

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
export type RequestSchemaName = keyof typeof REQUEST_SCHEMAS;
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
export interface PathParameterSpec {
  /** What the parameter names. */
  readonly description: string;
  /** Its schema; a non-empty string when omitted. */
  readonly schema?: z.ZodType;
}

/** How the OpenAPI document describes one endpoint (its method and path are the route's). */
export interface OperationDoc {
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

/** The product id path parameter: a positive integer. */
export const productIdParameter: PathParameterSpec = {
  description: 'The product id (a positive integer; a non-integer is 400 invalid_request).',
  schema: z.int().positive(),
};
/** A prefixed id path parameter (`cs_…`, `ord_…`), described for the object it names. */
export const idOf = (what: string, prefix: string): PathParameterSpec => ({
  description: `The ${what} id (\`${prefix}…\`; an id of the other mode is unknown).`,
});
