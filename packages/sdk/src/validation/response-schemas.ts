import {
  AnyEvent,
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
  Coverage,
  EligibilityRefreshResult,
  FaultRule,
  FaultRuleList,
  FaultRulesCleared,
  Merchant,
  MerchantDeleted,
  MerchantWithKeys,
  MockSnapshot,
  PaymentLinkPayResult,
  RequestList,
  ResetResult,
  SnapshotLoaded,
  TriggerResult,
  WebhookFlushResult,
} from '@glm/domain/test-helpers';
import { ANSWER_CHECK } from '../internal/answer-check-slot.ts';
import { createAnswerCheck } from './answer-check.ts';

/**
 * The domain's schema of every answer the client parses, by the domain's name for it. Pass it as the
 * client's `responseSchemas` option to validate answers: `new Glm({ responseSchemas })`. An answer that
 * matches its schema as it is (the usual case) is checked without the copy zod's parse makes; any other
 * is parsed by zod, so the result and every issue are zod's.
 */
export const responseSchemas = {
  AnyEvent,
  ApiKey,
  ApiKeyWithKey,
  CheckoutCancelResult,
  CheckoutPayResult,
  CheckoutSessionEnvelope,
  ClockState,
  Coverage,
  Dispute,
  DisputeList,
  EligibilityRefreshResult,
  EligibilityResult,
  EventList,
  FaultRule,
  FaultRuleList,
  FaultRulesCleared,
  Merchant,
  MerchantDeleted,
  MerchantWithKeys,
  MockSnapshot,
  Order,
  OrderList,
  PaymentLink,
  PaymentLinkList,
  PaymentLinkPayResult,
  Product,
  ProductList,
  Refund,
  RefundList,
  RequestList,
  ResetResult,
  SnapshotLoaded,
  Subscription,
  SubscriptionList,
  TriggerResult,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookFlushResult,
  WebhookSecret,
} as const;

// The client finds the copy-free check here (see internal/answer-check-slot.ts); not enumerable, so a spread
// copy of the registry (with a schema of the caller's own) is checked by zod alone.
Object.defineProperty(responseSchemas, ANSWER_CHECK, { value: createAnswerCheck(), enumerable: false });

/** The type of {@link responseSchemas}: what the client's `responseSchemas` option takes. */
export type ResponseSchemas = typeof responseSchemas;

/** The name of one answer's schema, e.g. `'Order'`. */
export type ResponseSchemaName = keyof ResponseSchemas;
