import { WebhookEndpointListQuery } from '@glm/domain/test-helpers';
import { answerOf } from '../http/answer.ts';
import { idOf } from '../openapi/operation-doc.ts';
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  registerWebhookEndpoint,
} from '../operations/webhooks/webhook-operations.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/**
 * Test-helper webhook endpoint endpoints: the dashboard's register (the secret is shown only in that
 * answer), list, get and delete, for the caller's mode.
 */
export const webhookEndpointEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/test_helpers/webhook_endpoints',
    testOnly: true,
    // The registration body is validated by the operation (it also takes the JavaScript API's switches).
    handle: (context) => answerOf(registerWebhookEndpoint(context, context.body), 201),
    doc: {
      operationId: 'testCreateWebhookEndpoint',
      summary: 'Register a webhook endpoint',
      tag: 'Test helpers',
      body: 'WebhookEndpointCreateRequest',
      validation: 'test_helpers.webhook_endpoint.create',
      description: 'The signing secret appears only in this answer.',
      success: {
        status: 201,
        schema: 'WebhookEndpointWithSecret',
        description: 'The endpoint with its secret.',
      },
    },
  },
  endpoint({
    method: 'GET',
    path: '/test_helpers/webhook_endpoints',
    testOnly: true,
    // The domain names no list operation for endpoints; every query problem is a 400 as on other lists.
    operation: (context, { query }) => listWebhookEndpoints(context, query),
    doc: {
      operationId: 'testListWebhookEndpoints',
      summary: 'List webhook endpoints',
      tag: 'Test helpers',
      query: WebhookEndpointListQuery,
      validation: 'test_helpers.webhook_delivery.list',
      success: { status: 200, schema: 'WebhookEndpointList', description: 'One page of endpoints.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/test_helpers/webhook_endpoints/:id',
    testOnly: true,
    operation: (context, { id }) => getWebhookEndpoint(context, id),
    doc: {
      operationId: 'testGetWebhookEndpoint',
      summary: 'Get a webhook endpoint',
      tag: 'Test helpers',
      pathParameters: { id: idOf('webhook endpoint', 'whep_') },
      success: { status: 200, schema: 'WebhookEndpoint', description: 'The endpoint (without its secret).' },
      errors: ['not_found'],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/test_helpers/webhook_endpoints/:id',
    testOnly: true,
    operation: (context, { id }) => deleteWebhookEndpoint(context, id),
    doc: {
      operationId: 'testDeleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint',
      tag: 'Test helpers',
      pathParameters: { id: idOf('webhook endpoint', 'whep_') },
      success: { status: 200, schema: 'WebhookEndpointDeleted', description: 'The deleted endpoint.' },
      errors: ['not_found'],
    },
  }),
];
