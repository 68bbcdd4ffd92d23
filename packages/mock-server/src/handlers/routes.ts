import type { RouteDefinition } from '../http/route.ts';
import { checkoutRoutes } from './checkout.ts';
import { disputeRoutes } from './disputes.ts';
import { openApiRoute } from './openapi.ts';
import { orderRoutes } from './orders.ts';
import { paymentLinkRoutes } from './payment-links.ts';
import { productRoutes } from './products.ts';
import { refundRoutes } from './refunds.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { apiKeyRoutes } from './test-helpers-api-keys.ts';
import { clockRoutes } from './test-helpers-clock.ts';
import { eligibilityRoutes } from './test-helpers-eligibility.ts';
import { eventRoutes } from './test-helpers-events.ts';
import { webhookDeliveryRoutes } from './test-helpers-webhook-deliveries.ts';
import { webhookEndpointRoutes } from './test-helpers-webhook-endpoints.ts';
import { webhookRoutes } from './test-helpers-webhooks.ts';

/**
 * Every route of the API. Adding an endpoint group is one file in `handlers/` exporting a
 * `RouteDefinition[]` and one line here.
 */
export const routes: readonly RouteDefinition[] = [
  ...productRoutes,
  ...checkoutRoutes,
  ...orderRoutes,
  ...clockRoutes,
  ...eventRoutes,
  ...apiKeyRoutes,
  ...eligibilityRoutes,
  ...paymentLinkRoutes,
  ...refundRoutes,
  ...disputeRoutes,
  ...subscriptionRoutes,
  ...webhookEndpointRoutes,
  ...webhookDeliveryRoutes,
  ...webhookRoutes,
  openApiRoute(() => routes),
];
