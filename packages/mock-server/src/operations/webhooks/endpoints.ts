import { ok } from '@glm/domain';
import { WebhookEndpointCreateRequest, WebhookEndpointListQuery } from '@glm/domain/test-helpers';
import { z } from 'zod';
import { noSuch } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { asStored, pageOf } from '../list-page.ts';
import { endpointView } from './endpoint-registry.ts';
import type { WebhookHandler } from './transport/send-webhook.ts';
import { webhooksOf } from './webhooks.ts';

/** Where in-process endpoints registered without a URL say they are (`.invalid` never resolves). */
export const IN_PROCESS_BASE = 'http://in-process.invalid/webhooks';

/** The endpoint registration body plus our fault-injection and on/off switches. */
const EndpointRegistration = WebhookEndpointCreateRequest.extend({
  duplicate: z.int().min(1).max(100).optional(),
  shuffle: z.boolean().optional(),
  disabled: z.boolean().optional(),
});

/** What may change on a registered endpoint (the URL and secret may not). */
const EndpointPatch = EndpointRegistration.omit({ url: true, secret: true }).partial();

/**
 * Registers an endpoint from a registration body (a URL, events, optionally its secret, and our
 * switches). The answer is the only place its `whsec_…` secret appears, whether given or generated.
 */
export const registerWebhookEndpoint = defineOperation({
  endpoint: {
    // The operation also takes the JavaScript API's switches; the document describes the service's body.
    operationId: 'testCreateWebhookEndpoint',
    description: 'The signing secret appears only in this answer.',
    success: {
      description: 'The endpoint with its secret.',
    },
  },
  input: EndpointRegistration,
  rules: 'test_helpers.webhook_endpoint.create',
  run: ({ engine, mode }, registration) => ok(webhooksOf(engine).register(mode, registration)),
});

/**
 * {@link registerWebhookEndpoint} for an endpoint whose deliveries go to `handler` in-process (the
 * JavaScript test API). Registered without a URL (`bare`), it says it is at
 * `http://in-process.invalid/webhooks/<id>`; the body then carries {@link IN_PROCESS_BASE} as its URL.
 */
export function registerInProcessEndpoint(handler: WebhookHandler, bare: boolean) {
  return defineOperation({
    input: EndpointRegistration,
    rules: 'test_helpers.webhook_endpoint.create',
    run: ({ engine, mode }, registration) =>
      ok(
        webhooksOf(engine).register(mode, registration, {
          handler,
          address: (id) => (bare ? `${IN_PROCESS_BASE}/${id}` : registration.url),
        }),
      ),
  });
}

/** Changes an endpoint's events, description or switches (`disabled`, `duplicate`, `shuffle`). */
export const updateWebhookEndpoint = defineOperation({
  input: EndpointPatch,
  rules: 'test_helpers.webhook_endpoint.create',
  target({ engine, mode }, id) {
    const record = webhooksOf(engine).endpoints.get(mode, id);
    return record === undefined ? noSuch('webhook endpoint') : ok(record);
  },
  run: ({ engine }, changes, record) => ok(webhooksOf(engine).update(record, changes)),
});

/** One page of the mode's live endpoints, newest first. */
export const listWebhookEndpoints = defineOperation({
  endpoint: {
    operationId: 'testListWebhookEndpoints',
    success: { description: 'One page of endpoints.' },
  },
  input: WebhookEndpointListQuery,
  // The domain names no list operation for endpoints; every query problem is a 400 as on other lists.
  rules: 'test_helpers.webhook_delivery.list',
  run({ engine, mode }, query) {
    const page = webhooksOf(engine).endpoints.page(mode, query.limit, query.starting_after);
    return pageOf(page, 'webhook endpoint', asStored);
  },
});

/** One live endpoint, without its secret. */
export const getWebhookEndpoint = defineOperation({
  endpoint: {
    operationId: 'testGetWebhookEndpoint',
    pathParameters: { id: idOf('webhook endpoint', 'whep_') },
    success: { description: 'The endpoint (without its secret).' },
  },
  run({ engine, mode }, _input, id) {
    const record = webhooksOf(engine).endpoints.get(mode, id);
    return record === undefined ? noSuch('webhook endpoint') : ok(endpointView(record));
  },
});

/** Deletes an endpoint: it receives nothing more. */
export const deleteWebhookEndpoint = defineOperation({
  endpoint: {
    operationId: 'testDeleteWebhookEndpoint',
    pathParameters: { id: idOf('webhook endpoint', 'whep_') },
    success: { description: 'The deleted endpoint.' },
  },
  run: ({ engine, mode }, _input, id) => webhooksOf(engine).remove(mode, id),
});
