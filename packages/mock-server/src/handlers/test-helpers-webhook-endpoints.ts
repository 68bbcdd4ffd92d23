import { WebhookEndpointListQuery } from '@glm/domain/test-helpers';
import { failure, notFound, success } from '../http/answer.ts';
import { parseQuery } from '../http/parse.ts';
import type { RouteDefinition } from '../http/route.ts';
import { endpointView } from '../webhooks/endpoint-registry.ts';
import { webhooksOf } from '../webhooks/webhooks.ts';

/**
 * Test-helper webhook endpoint routes: the dashboard's register (the secret is shown only in
 * that answer), list, get and delete, for the caller's mode.
 */
export const webhookEndpointRoutes: readonly RouteDefinition[] = [
  {
    method: 'POST',
    path: '/test_helpers/webhook_endpoints',
    testOnly: true,
    handle: ({ engine, body, mode }) => webhooksOf(engine).register(mode, body),
  },
  {
    method: 'GET',
    path: '/test_helpers/webhook_endpoints',
    testOnly: true,
    handle({ engine, query, mode }) {
      // The domain names no list operation for endpoints; every query problem is a 400 as on other lists.
      const parsed = parseQuery(WebhookEndpointListQuery, query, 'test_helpers.webhook_delivery.list');
      if (!parsed.ok) return parsed.answer;
      const page = webhooksOf(engine).endpoints.page(mode, parsed.value.limit, parsed.value.starting_after);
      if (page === undefined) {
        return failure(400, 'invalid_request', 'starting_after names no webhook endpoint.', {
          param: 'starting_after',
        });
      }
      return success(200, page);
    },
  },
  {
    method: 'GET',
    path: '/test_helpers/webhook_endpoints/:id',
    testOnly: true,
    handle({ engine, params, mode }) {
      const record = webhooksOf(engine).endpoints.get(mode, params['id'] ?? '');
      return record === undefined ? notFound('webhook endpoint') : success(200, endpointView(record));
    },
  },
  {
    method: 'DELETE',
    path: '/test_helpers/webhook_endpoints/:id',
    testOnly: true,
    handle: ({ engine, params, mode }) => webhooksOf(engine).remove(mode, params['id'] ?? ''),
  },
];
