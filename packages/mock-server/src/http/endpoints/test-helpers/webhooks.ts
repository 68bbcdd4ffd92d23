import { WebhookSecret } from '@glm/domain';
import { WebhookFlushResult } from '@glm/domain/test-helpers';
import { flushWebhooks, readWebhookSecret } from '../../../operations/webhooks/deliveries.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/**
 * Test-helper webhook endpoints: the default secret that signs `metadata.webhook_url` deliveries, and
 * the flush that attempts every delivery due now and answers once their outcomes are in
 * (`{attempted, pending, delivered, failed}` for the caller's mode).
 */
export const webhookEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/test_helpers/webhook_secret',
    testOnly: true,
    operation: readWebhookSecret,
    doc: {
      operationId: 'testGetWebhookSecret',
      summary: 'Get the default secret that signs `metadata.webhook_url` deliveries',
      tag: 'Test helpers',
      success: { status: 200, schema: WebhookSecret, description: 'The default webhook secret.' },
    },
  }),
  endpoint({
    method: 'POST',
    path: '/test_helpers/webhooks/flush',
    testOnly: true,
    operation: flushWebhooks,
    doc: {
      operationId: 'testFlushWebhooks',
      summary: 'Attempt every webhook delivery that is due now',
      tag: 'Test helpers',
      success: { status: 200, schema: WebhookFlushResult, description: 'What the flush did.' },
    },
  }),
];
