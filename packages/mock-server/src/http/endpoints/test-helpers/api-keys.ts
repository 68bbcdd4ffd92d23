import { ApiKey, ApiKeyWithKey } from '@glm/domain';
import { createApiKey } from '../../../operations/api-keys/create.ts';
import { revokeApiKey } from '../../../operations/api-keys/revoke.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/** Test-helper API key endpoints: the dashboard's create and revoke. */
export const apiKeyEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/api_keys',
    testOnly: true,
    operation: createApiKey,
    doc: {
      operationId: 'testCreateApiKey',
      summary: 'Create an API key (the dashboard operation)',
      tag: 'Test helpers',
      description: 'The key value appears only in this answer.',
      success: { status: 201, schema: ApiKeyWithKey, description: 'The key record with its value.' },
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/test_helpers/api_keys/:id',
    testOnly: true,
    operation: revokeApiKey,
    doc: {
      operationId: 'testRevokeApiKey',
      summary: 'Revoke an API key',
      tag: 'Test helpers',
      pathParameters: { id: { description: 'The API key id (its token id).' } },
      description: 'Takes effect on the next request.',
      success: { status: 200, schema: ApiKey, description: 'The revoked key record.' },
      errors: ['not_found'],
    },
  }),
];
