import { success } from '../http/answer.ts';
import type { RouteDefinition } from '../http/route.ts';
import { webhooksOf } from '../webhooks/webhooks.ts';

/**
 * Test-helper webhook routes: the default secret that signs `metadata.webhook_url`
 * deliveries, and the flush that attempts every delivery due now and answers once their outcomes are in
 * (`{attempted, pending, delivered, failed}` for the caller's mode).
 */
export const webhookRoutes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/test_helpers/webhook_secret',
    testOnly: true,
    handle: ({ engine, mode }) => success(200, { secret: webhooksOf(engine).endpoints.defaultSecret(mode) }),
  },
  {
    method: 'POST',
    path: '/test_helpers/webhooks/flush',
    testOnly: true,
    handle: async ({ engine, mode }) => success(200, await webhooksOf(engine).queue.flush(mode)),
  },
];
