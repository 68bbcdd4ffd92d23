import type { Engine } from '../../core/engine.ts';
import type { CallOperation } from '../../operations/call-operation.ts';
import type { MockService } from '../mock-service.ts';
import { apiKeyTestApi } from './api-keys.ts';
import { checkoutTestApi } from './checkout.ts';
import { disputeTestApi } from './disputes.ts';
import { eligibilityTestApi } from './eligibility.ts';
import { paymentLinkTestApi } from './payment-links.ts';
import { refundTestApi } from './refunds.ts';
import { subscriptionTestApi } from './subscriptions.ts';
import { createWebhookApi, type MockWebhookApi } from './webhooks.ts';

/** The methods of the JavaScript test API that run the service's operations. */
type TestApi = MockWebhookApi &
  Pick<
    MockService,
    | 'createApiKey'
    | 'revokeApiKey'
    | 'payCheckout'
    | 'cancelCheckout'
    | 'refreshEligibility'
    | 'payPaymentLink'
    | 'succeedRefund'
    | 'failRefund'
    | 'openDispute'
    | 'closeDispute'
    | 'getDispute'
    | 'listDisputes'
    | 'createSubscription'
    | 'cancelSubscription'
    | 'getSubscription'
    | 'listSubscriptions'
  >;

/**
 * The JavaScript test API of a service: one method per test helper, each running the same operation
 * as its endpoint (through `call`, in test mode), and the webhook methods over the engine's deliveries.
 */
export function createTestApi(engine: Engine, call: CallOperation): TestApi {
  return {
    ...apiKeyTestApi(call),
    ...checkoutTestApi(call),
    ...eligibilityTestApi(call),
    ...paymentLinkTestApi(call),
    ...refundTestApi(call),
    ...disputeTestApi(call),
    ...subscriptionTestApi(call),
    ...createWebhookApi(engine),
  };
}
