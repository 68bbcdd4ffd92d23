import type { Endpoint } from './endpoint.ts';
import { checkoutEndpoints } from './endpoints/checkout.ts';
import { healthEndpoint } from './endpoints/health.ts';
import { openApiEndpoint } from './endpoints/openapi.ts';
import { orderEndpoints } from './endpoints/orders.ts';
import { paymentLinkEndpoints } from './endpoints/payment-links.ts';
import { productEndpoints } from './endpoints/products.ts';
import { refundEndpoints } from './endpoints/refunds.ts';
import { subscriptionEndpoints } from './endpoints/subscriptions.ts';
import { apiKeyEndpoints } from './endpoints/test-helpers/api-keys.ts';
import { checkoutTestHelperEndpoints } from './endpoints/test-helpers/checkout.ts';
import { clockEndpoints } from './endpoints/test-helpers/clock.ts';
import { coverageEndpoints } from './endpoints/test-helpers/coverage.ts';
import { disputeActionEndpoints, disputeReadEndpoints } from './endpoints/test-helpers/disputes.ts';
import { eligibilityEndpoints } from './endpoints/test-helpers/eligibility.ts';
import { eventEndpoints } from './endpoints/test-helpers/events.ts';
import { faultEndpoints } from './endpoints/test-helpers/faults.ts';
import { futureEndpoints } from './endpoints/test-helpers/future.ts';
import { instanceEndpoints } from './endpoints/test-helpers/instance.ts';
import { merchantEndpoints } from './endpoints/test-helpers/merchants.ts';
import { orderTestHelperEndpoints } from './endpoints/test-helpers/orders.ts';
import { paymentLinkTestHelperEndpoints } from './endpoints/test-helpers/payment-links.ts';
import { refundTestHelperEndpoints } from './endpoints/test-helpers/refunds.ts';
import { requestJournalEndpoints } from './endpoints/test-helpers/requests.ts';
import { subscriptionTestHelperEndpoints } from './endpoints/test-helpers/subscriptions.ts';
import { triggerEndpoints } from './endpoints/test-helpers/triggers.ts';
import { webhookDeliveryEndpoints } from './endpoints/test-helpers/webhook-deliveries.ts';
import { webhookRegistrationEndpoints } from './endpoints/test-helpers/webhook-endpoints.ts';
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
  ...orderTestHelperEndpoints,
  ...clockEndpoints,
  ...eligibilityEndpoints,
  ...subscriptionTestHelperEndpoints,
  ...disputeReadEndpoints,
  ...eventEndpoints,
  ...triggerEndpoints,
  ...apiKeyEndpoints,
  ...webhookRegistrationEndpoints,
  ...webhookDeliveryEndpoints,
  ...webhookEndpoints,
  ...faultEndpoints,
  ...requestJournalEndpoints,
  ...coverageEndpoints,
  ...futureEndpoints,
  ...instanceEndpoints,
  ...merchantEndpoints,
  openApiEndpoint(() => routes),
  healthEndpoint,
];
