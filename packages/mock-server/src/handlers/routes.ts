import { checkoutEndpoints, checkoutTestHelperEndpoints } from './checkout.ts';
import { disputeActionEndpoints, disputeReadEndpoints } from './disputes.ts';
import type { Endpoint } from './endpoint.ts';
import { openApiEndpoint } from './openapi.ts';
import { orderEndpoints } from './orders.ts';
import { paymentLinkEndpoints, paymentLinkTestHelperEndpoints } from './payment-links.ts';
import { productEndpoints } from './products.ts';
import { refundEndpoints, refundTestHelperEndpoints } from './refunds.ts';
import { subscriptionEndpoints, subscriptionTestHelperEndpoints } from './subscriptions.ts';
import { apiKeyEndpoints } from './test-helpers-api-keys.ts';
import { clockEndpoints } from './test-helpers-clock.ts';
import { eligibilityEndpoints } from './test-helpers-eligibility.ts';
import { eventEndpoints } from './test-helpers-events.ts';
import { webhookDeliveryEndpoints } from './test-helpers-webhook-deliveries.ts';
import { webhookEndpointEndpoints } from './test-helpers-webhook-endpoints.ts';
import { webhookEndpoints } from './test-helpers-webhooks.ts';

/**
 * Every endpoint of the API, in the order the OpenAPI document lists them: the merchant API by group,
 * then the test helpers. The router and the document both read this table. Adding an endpoint is one
 * entry in its group's file in `handlers/` (a new group: a new file and one line here).
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
