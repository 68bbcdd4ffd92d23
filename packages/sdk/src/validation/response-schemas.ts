import {
  ApiKey,
  ApiKeyWithKey,
  CheckoutSessionEnvelope,
  Dispute,
  DisputeList,
  EligibilityResult,
  EventList,
  Order,
  OrderList,
  PaymentLink,
  PaymentLinkList,
  Product,
  ProductList,
  Refund,
  RefundList,
  Subscription,
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
  CheckoutCancelResult,
  CheckoutPayResult,
  ClockState,
  EligibilityRefreshResult,
  PaymentLinkPayResult,
  WebhookFlushResult,
} from '@glm/domain/test-helpers';

/**
 * The domain's schema of every answer the client parses, by the domain's name for it. Pass it as the
 * client's `responseSchemas` option to validate answers: `new Glm({ responseSchemas })`.
 */
export const responseSchemas = {
  ApiKey,
  ApiKeyWithKey,
  CheckoutCancelResult,
  CheckoutPayResult,
  CheckoutSessionEnvelope,
  ClockState,
  Dispute,
  DisputeList,
  EligibilityRefreshResult,
  EligibilityResult,
  EventList,
  Order,
  OrderList,
  PaymentLink,
  PaymentLinkList,
  PaymentLinkPayResult,
  Product,
  ProductList,
  Refund,
  RefundList,
  Subscription,
  SubscriptionList,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookFlushResult,
  WebhookSecret,
} as const;

/** The type of {@link responseSchemas}: what the client's `responseSchemas` option takes. */
export type ResponseSchemas = typeof responseSchemas;

/** The name of one answer's schema, e.g. `'Order'`. */
export type ResponseSchemaName = keyof ResponseSchemas;
