import { ok } from '@glm/domain';
import { WebhookDeliveryListQuery } from '@glm/domain/test-helpers';
import { defineOperation } from '../define-operation.ts';
import { asStored, pageOf } from '../list-page.ts';
import { webhooksOf } from './webhooks.ts';

/** One page of the mode's deliveries, newest first, filtered by event, status and endpoint. */
export const listWebhookDeliveries = defineOperation({
  endpoint: {
    operationId: 'testListWebhookDeliveries',
    success: { description: 'One page of deliveries.' },
  },
  input: WebhookDeliveryListQuery,
  rules: 'test_helpers.webhook_delivery.list',
  run({ engine, mode }, query) {
    const { limit, starting_after, event_id, status, endpoint_id } = query;
    const page = webhooksOf(engine).queue.page(mode, limit, starting_after, {
      ...(event_id === undefined ? {} : { eventId: event_id }),
      ...(status === undefined ? {} : { status }),
      ...(endpoint_id === undefined ? {} : { endpointId: endpoint_id }),
    });
    return pageOf(page, 'webhook delivery', asStored);
  },
});

/** Resends a failed delivery now (its retry schedule starts again); answers it after the attempt. */
export const resendWebhookDelivery = defineOperation({
  endpoint: {
    operationId: 'testResendWebhookDelivery',
    pathParameters: { id: { description: 'The webhook delivery id.' } },
    description:
      'The retry schedule starts again, answered after its first attempt; a pending or delivered delivery, ' +
      'or one whose endpoint was deleted, is 409 conflict.',
    success: { description: 'The delivery after the attempt.' },
  },
  run: ({ engine, mode }, _input, id) => webhooksOf(engine).resend(mode, id),
});

/** The mode's default secret, which signs `metadata.webhook_url` deliveries. */
export const readWebhookSecret = defineOperation({
  endpoint: {
    operationId: 'testGetWebhookSecret',
    success: { description: 'The default webhook secret.' },
  },
  run: ({ engine, mode }) => ok({ secret: webhooksOf(engine).endpoints.defaultSecret(mode) }),
});

/** Attempts every delivery due now and answers once their outcomes are recorded. */
export const flushWebhooks = defineOperation({
  endpoint: {
    operationId: 'testFlushWebhooks',
    success: { description: 'What the flush did.' },
  },
  run: async ({ engine, mode }) => ok(await webhooksOf(engine).queue.flush(mode)),
});
