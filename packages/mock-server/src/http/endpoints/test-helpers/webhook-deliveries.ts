import { WebhookDelivery, WebhookDeliveryList } from '@glm/domain';
import { listWebhookDeliveries, resendWebhookDelivery } from '../../../operations/webhooks/deliveries.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/**
 * Test-helper webhook delivery endpoints: the list (newest first, filters `event_id`, `status` and our
 * `endpoint_id`) and `POST /v2/test_helpers/webhook_deliveries/{id}/resend` (our addition: the dashboard's
 * resend, one attempt now, answered after it with the delivery).
 */
export const webhookDeliveryEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/test_helpers/webhook_deliveries',
    testOnly: true,
    operation: listWebhookDeliveries,
    doc: {
      operationId: 'testListWebhookDeliveries',
      summary: 'List webhook deliveries, newest first',
      tag: 'Test helpers',
      success: { status: 200, schema: WebhookDeliveryList, description: 'One page of deliveries.' },
    },
  }),
  endpoint({
    method: 'POST',
    path: '/test_helpers/webhook_deliveries/:id/resend',
    testOnly: true,
    operation: resendWebhookDelivery,
    doc: {
      operationId: 'testResendWebhookDelivery',
      summary: 'Resend a failed webhook delivery now',
      tag: 'Test helpers',
      pathParameters: { id: { description: 'The webhook delivery id.' } },
      description:
        'The retry schedule starts again, answered after its first attempt; a pending or delivered delivery, ' +
        'or one whose endpoint was deleted, is 409 conflict.',
      success: { status: 200, schema: WebhookDelivery, description: 'The delivery after the attempt.' },
      errors: ['not_found', 'conflict'],
    },
  }),
];
