import {
  WebhookEndpoint,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from '@glm/domain';
import { WebhookEndpointCreateRequest } from '@glm/domain/test-helpers';
import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  registerWebhookEndpoint,
} from '../../../operations/webhooks/endpoints.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/**
 * Test-helper webhook endpoint endpoints: the dashboard's register (the secret is shown only in that
 * answer), list, get and delete, for the caller's mode.
 */
export const webhookEndpointEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/webhook_endpoints',
    testOnly: true,
    operation: registerWebhookEndpoint,
    doc: {
      operationId: 'testCreateWebhookEndpoint',
      summary: 'Register a webhook endpoint',
      tag: 'Test helpers',
      // The operation also takes the JavaScript API's switches; the document describes the service's body.
      body: WebhookEndpointCreateRequest,
      description: 'The signing secret appears only in this answer.',
      success: {
        status: 201,
        schema: WebhookEndpointWithSecret,
        description: 'The endpoint with its secret.',
      },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/test_helpers/webhook_endpoints',
    testOnly: true,
    operation: listWebhookEndpoints,
    doc: {
      operationId: 'testListWebhookEndpoints',
      summary: 'List webhook endpoints',
      tag: 'Test helpers',
      success: { status: 200, schema: WebhookEndpointList, description: 'One page of endpoints.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/test_helpers/webhook_endpoints/:id',
    testOnly: true,
    operation: getWebhookEndpoint,
    doc: {
      operationId: 'testGetWebhookEndpoint',
      summary: 'Get a webhook endpoint',
      tag: 'Test helpers',
      pathParameters: { id: idOf('webhook endpoint', 'whep_') },
      success: { status: 200, schema: WebhookEndpoint, description: 'The endpoint (without its secret).' },
      errors: ['not_found'],
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/test_helpers/webhook_endpoints/:id',
    testOnly: true,
    operation: deleteWebhookEndpoint,
    doc: {
      operationId: 'testDeleteWebhookEndpoint',
      summary: 'Delete a webhook endpoint',
      tag: 'Test helpers',
      pathParameters: { id: idOf('webhook endpoint', 'whep_') },
      success: { status: 200, schema: WebhookEndpointDeleted, description: 'The deleted endpoint.' },
      errors: ['not_found'],
    },
  }),
];
