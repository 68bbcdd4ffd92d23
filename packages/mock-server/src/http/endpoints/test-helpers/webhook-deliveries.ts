import { listWebhookDeliveries, resendWebhookDelivery } from '../../../operations/webhooks/deliveries.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/**
 * Test-helper webhook delivery endpoints: the list (newest first, filters `event_id`, `status` and our
 * `endpoint_id`) and `POST /v2/test_helpers/webhook_deliveries/{id}/resend` (our addition: the dashboard's
 * resend, one attempt now, answered after it with the delivery).
 */
export const webhookDeliveryEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testListWebhookDeliveries',
    testOnly: true,
    operation: listWebhookDeliveries,
    doc: {
      success: { description: 'One page of deliveries.' },
    },
  }),
  endpoint({
    operationId: 'testResendWebhookDelivery',
    testOnly: true,
    operation: resendWebhookDelivery,
    doc: {
      pathParameters: { id: { description: 'The webhook delivery id.' } },
      description:
        'The retry schedule starts again, answered after its first attempt; a pending or delivered delivery, ' +
        'or one whose endpoint was deleted, is 409 conflict.',
      success: { description: 'The delivery after the attempt.' },
    },
  }),
];
