import { flushWebhooks, readWebhookSecret } from '../../../operations/webhooks/deliveries.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/**
 * Test-helper webhook endpoints: the default secret that signs `metadata.webhook_url` deliveries, and
 * the flush that attempts every delivery due now and answers once their outcomes are in
 * (`{attempted, pending, delivered, failed}` for the caller's mode).
 */
export const webhookEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testGetWebhookSecret',
    testOnly: true,
    operation: readWebhookSecret,
    doc: {
      success: { description: 'The default webhook secret.' },
    },
  }),
  endpoint({
    operationId: 'testFlushWebhooks',
    testOnly: true,
    operation: flushWebhooks,
    doc: {
      success: { description: 'What the flush did.' },
    },
  }),
];
