import {
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  registerWebhookEndpoint,
} from '../../../operations/webhooks/endpoints.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/**
 * Test-helper endpoints over the merchant's registered webhook endpoints: the dashboard's register (the secret is shown only in that
 * answer), list, get and delete, for the caller's mode.
 */
export const webhookRegistrationEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testCreateWebhookEndpoint',
    testOnly: true,
    // The operation also takes the JavaScript API's switches; the document describes the service's body.
    operation: registerWebhookEndpoint,
    doc: {
      description: 'The signing secret appears only in this answer.',
      success: {
        description: 'The endpoint with its secret.',
      },
    },
  }),
  endpoint({
    operationId: 'testListWebhookEndpoints',
    testOnly: true,
    operation: listWebhookEndpoints,
    doc: {
      success: { description: 'One page of endpoints.' },
    },
  }),
  endpoint({
    operationId: 'testGetWebhookEndpoint',
    testOnly: true,
    operation: getWebhookEndpoint,
    doc: {
      pathParameters: { id: idOf('webhook endpoint', 'whep_') },
      success: { description: 'The endpoint (without its secret).' },
    },
  }),
  endpoint({
    operationId: 'testDeleteWebhookEndpoint',
    testOnly: true,
    operation: deleteWebhookEndpoint,
    doc: {
      pathParameters: { id: idOf('webhook endpoint', 'whep_') },
      success: { description: 'The deleted endpoint.' },
    },
  }),
];
