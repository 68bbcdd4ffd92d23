import { WebhookDeliveryListQuery } from '@glm/domain/test-helpers';
import { failure, success } from '../http/answer.ts';
import { parseQuery } from '../http/parse.ts';
import type { RouteDefinition } from '../http/route.ts';
import { webhooksOf } from '../webhooks/webhooks.ts';

/**
 * Test-helper webhook delivery routes: the list (newest first, filters `event_id`, `status` and our
 * `endpoint_id`) and `POST /v2/test_helpers/webhook_deliveries/{id}/resend` (our addition: the dashboard's
 * resend, one attempt now, answered after it with the delivery).
 */
export const webhookDeliveryRoutes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/test_helpers/webhook_deliveries',
    testOnly: true,
    handle({ engine, query, mode }) {
      const parsed = parseQuery(WebhookDeliveryListQuery, query, 'test_helpers.webhook_delivery.list');
      if (!parsed.ok) return parsed.answer;
      const { limit, starting_after, event_id, status, endpoint_id } = parsed.value;
      const page = webhooksOf(engine).queue.page(mode, limit, starting_after, {
        ...(event_id === undefined ? {} : { eventId: event_id }),
        ...(status === undefined ? {} : { status }),
        ...(endpoint_id === undefined ? {} : { endpointId: endpoint_id }),
      });
      if (page === undefined) {
        return failure(400, 'invalid_request', 'starting_after names no webhook delivery.', {
          param: 'starting_after',
        });
      }
      return success(200, page);
    },
  },
  {
    method: 'POST',
    path: '/test_helpers/webhook_deliveries/:id/resend',
    testOnly: true,
    handle: ({ engine, params, mode }) => webhooksOf(engine).resend(mode, params['id'] ?? ''),
  },
];
