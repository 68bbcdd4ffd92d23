import { ok, type WebhookDelivery } from '@glm/domain';
import type { WebhookDeliveryListQuery, WebhookEndpointListQuery } from '@glm/domain/test-helpers';
import { noSuch, type Outcome } from '../../core/outcome.ts';
import type { Page } from '../../core/store/ordered-collection.ts';
import { asStored, pageOf } from '../list-page.ts';
import type { OperationContext } from '../operation-context.ts';
import type { WebhookFlushResult } from './delivery-queue.ts';
import { endpointView, type MockWebhookEndpoint } from './endpoint-registry.ts';
import type { WebhookHandler } from './transport/send-webhook.ts';
import { webhooksOf } from './webhooks.ts';

/**
 * Registers an endpoint from a registration body (validated here: a URL, events and our switches);
 * `handler` makes it in-process. The answer is the only place its `whsec_…` secret appears.
 */
export function registerWebhookEndpoint(
  { engine, mode }: OperationContext,
  body: unknown,
  handler?: WebhookHandler,
): Outcome<MockWebhookEndpoint & { readonly secret: string }> {
  return webhooksOf(engine).register(mode, body, handler);
}

/** One page of the mode's live endpoints, newest first. */
export function listWebhookEndpoints(
  { engine, mode }: OperationContext,
  query: WebhookEndpointListQuery,
): Outcome<Page<MockWebhookEndpoint, string>> {
  const page = webhooksOf(engine).endpoints.page(mode, query.limit, query.starting_after);
  return pageOf(page, 'webhook endpoint', asStored);
}

/** One live endpoint, without its secret. */
export function getWebhookEndpoint(
  { engine, mode }: OperationContext,
  id: string,
): Outcome<MockWebhookEndpoint> {
  const record = webhooksOf(engine).endpoints.get(mode, id);
  return record === undefined ? noSuch('webhook endpoint') : ok(endpointView(record));
}

/** Deletes an endpoint: it receives nothing more. */
export function deleteWebhookEndpoint(
  { engine, mode }: OperationContext,
  id: string,
): Outcome<MockWebhookEndpoint & { readonly deleted: true }> {
  return webhooksOf(engine).remove(mode, id);
}

/** One page of the mode's deliveries, newest first, filtered by event, status and endpoint. */
export function listWebhookDeliveries(
  { engine, mode }: OperationContext,
  query: WebhookDeliveryListQuery,
): Outcome<Page<WebhookDelivery, string>> {
  const { limit, starting_after, event_id, status, endpoint_id } = query;
  const page = webhooksOf(engine).queue.page(mode, limit, starting_after, {
    ...(event_id === undefined ? {} : { eventId: event_id }),
    ...(status === undefined ? {} : { status }),
    ...(endpoint_id === undefined ? {} : { endpointId: endpoint_id }),
  });
  return pageOf(page, 'webhook delivery', asStored);
}

/** Resends a failed delivery now (its retry schedule starts again); answers it after the attempt. */
export function resendWebhookDelivery(
  { engine, mode }: OperationContext,
  id: string,
): Promise<Outcome<WebhookDelivery>> {
  return webhooksOf(engine).resend(mode, id);
}

/** The mode's default secret, which signs `metadata.webhook_url` deliveries. */
export function webhookSecret({ engine, mode }: OperationContext): Outcome<{ readonly secret: string }> {
  return ok({ secret: webhooksOf(engine).endpoints.defaultSecret(mode) });
}

/** Attempts every delivery due now and answers once their outcomes are recorded. */
export async function flushWebhooks({
  engine,
  mode,
}: OperationContext): Promise<Outcome<WebhookFlushResult>> {
  return ok(await webhooksOf(engine).queue.flush(mode));
}
