import type { Endpoint } from './endpoint.ts';
import { checkoutEndpoints } from './endpoints/checkout.ts';
import { openApiEndpoint } from './endpoints/openapi.ts';
import { orderEndpoints } from './endpoints/orders.ts';
import { paymentLinkEndpoints } from './endpoints/payment-links.ts';
import { productEndpoints } from './endpoints/products.ts';
import { refundEndpoints } from './endpoints/refunds.ts';
import { subscriptionEndpoints } from './endpoints/subscriptions.ts';
import { apiKeyEndpoints } from './endpoints/test-helpers/api-keys.ts';
import { checkoutTestHelperEndpoints } from './endpoints/test-helpers/checkout.ts';
import { clockEndpoints } from './endpoints/test-helpers/clock.ts';
import { disputeActionEndpoints, disputeReadEndpoints } from './endpoints/test-helpers/disputes.ts';
import { eligibilityEndpoints } from './endpoints/test-helpers/eligibility.ts';
import { eventEndpoints } from './endpoints/test-helpers/events.ts';
import { paymentLinkTestHelperEndpoints } from './endpoints/test-helpers/payment-links.ts';
import { refundTestHelperEndpoints } from './endpoints/test-helpers/refunds.ts';
import { subscriptionTestHelperEndpoints } from './endpoints/test-helpers/subscriptions.ts';
import { webhookDeliveryEndpoints } from './endpoints/test-helpers/webhook-deliveries.ts';
import { webhookEndpointEndpoints } from './endpoints/test-helpers/webhook-endpoints.ts';
import { webhookEndpoints } from './endpoints/test-helpers/webhooks.ts';

/**
 * Every endpoint of the API, in the order the OpenAPI document lists them: the merchant API by group
 * (`endpoints/`), then the test helpers (`endpoints/test-helpers/`). The router and the document both
 * read this table. Adding an endpoint is one entry in its group's file (a new group: a new file and
 * one line here, where it takes its place in the document).
 */
export const routes: readonly Endpoint[] = [
  ...productEndpoints,
  ...checkoutEndpoints,
  ...paymentLinkEndpoints,
  ...orderEndpoints,
  ...refundEndpoints,
  ...subscriptionEndpoints,
  ...checkoutTestHelperEndpoints,
  ...paymentLinkTestHelperEndpoints,
  ...refundTestHelperEndpoints,
  ...disputeActionEndpoints,
  ...clockEndpoints,
  ...eligibilityEndpoints,
  ...subscriptionTestHelperEndpoints,
  ...disputeReadEndpoints,
  ...eventEndpoints,
  ...apiKeyEndpoints,
  ...webhookEndpointEndpoints,
  ...webhookDeliveryEndpoints,
  ...webhookEndpoints,
  openApiEndpoint(() => routes),
];
