import * as domain from '@glm/domain';
import * as testHelpers from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import { discriminatedUnionComponents } from './discriminated-unions.ts';
import { componentName, OpenApiDocumentBody } from './schema-names.ts';

/**
 * The components the published document lists, in its order: request bodies, then the error bodies
 * and answers, including the schemas only others contain (`CheckoutSession`), which they refer to by
 * `$ref`. A schema an endpoint names that is not here follows them, in the order the endpoints name
 * it, so adding an endpoint never needs this list; it keeps the published document stable.
 */
const LISTED_REQUESTS: readonly z.ZodType[] = [
  domain.ProductCreate,
  domain.ProductUpdate,
  domain.EligibilityCheckRequest,
  domain.CheckoutCreate,
  domain.PaymentLinkCreate,
  domain.PaymentLinkCancel,
  domain.RefundCreate,
  domain.SubscriptionCreate,
  domain.SubscriptionCancel,
  testHelpers.TestPaymentRequest,
  testHelpers.ClockAdvanceRequest,
  testHelpers.DisputeOpenRequest,
  testHelpers.DisputeCloseRequest,
  testHelpers.EligibilityRefreshRequest,
  testHelpers.ApiKeyCreateRequest,
  testHelpers.WebhookEndpointCreateRequest,
];

/** See {@link LISTED_REQUESTS}. */
const LISTED_RESPONSES: readonly z.ZodType[] = [
  domain.ErrorBody,
  domain.CheckoutErrorBody,
  domain.Product,
  domain.ProductList,
  domain.EligibilityResult,
  domain.CheckoutSession,
  domain.CheckoutSessionEnvelope,
  testHelpers.CheckoutPayResult,
  testHelpers.CheckoutCancelResult,
  domain.Order,
  domain.OrderList,
  domain.PaymentLink,
  domain.PaymentLinkList,
  testHelpers.PaymentLinkPayResult,
  domain.Refund,
  domain.RefundList,
  domain.Subscription,
  domain.SubscriptionList,
  domain.Dispute,
  domain.DisputeList,
  testHelpers.ClockState,
  testHelpers.EligibilityRefreshResult,
  domain.EventList,
  domain.ApiKey,
  domain.ApiKeyWithKey,
  domain.WebhookEndpoint,
  domain.WebhookEndpointWithSecret,
  domain.WebhookEndpointDeleted,
  domain.WebhookEndpointList,
  domain.WebhookDelivery,
  domain.WebhookDeliveryList,
  domain.WebhookSecret,
  testHelpers.WebhookFlushResult,
  OpenApiDocumentBody,
];

/** The document's named schemas: request bodies (their input side) and answers (their output side). */
export interface DocumentComponents {
  /** Request bodies by component name. */
  readonly requests: Readonly<Record<string, z.ZodType>>;
  /** Error bodies and answers by component name. */
  readonly responses: Readonly<Record<string, z.ZodType>>;
}

const byName = (schemas: readonly z.ZodType[]): Record<string, z.ZodType> => {
  const named: Record<string, z.ZodType> = Object.fromEntries(
    [...new Set(schemas)].map((schema) => [componentName(schema), schema]),
  );
  // Discriminated unions and their members are components of their own (the union by its export
  // name, each member by its discriminator value), so that `discriminator.mapping` can name them.
  for (const [schema, name] of discriminatedUnionComponents(named, (union) =>
    componentName(union as z.ZodType),
  )) {
    const taken = named[name];
    if (taken !== undefined && taken !== schema)
      throw new Error(`OpenAPI component ${name} names two schemas.`);
    named[name] = schema as z.ZodType;
  }
  return named;
};

/**
 * The components of the document of `table`: {@link LISTED_REQUESTS}, then what its endpoints name, then
 * the discriminated unions they contain and each union's members.
 */
export function documentComponents(table: readonly Endpoint[]): DocumentComponents {
  const bodies = table.flatMap((endpoint) => (endpoint.doc.body === undefined ? [] : [endpoint.doc.body]));
  const answers = table.map((endpoint) => endpoint.doc.success.schema);
  return {
    requests: byName([...LISTED_REQUESTS, ...bodies]),
    responses: byName([...LISTED_RESPONSES, ...answers]),
  };
}
