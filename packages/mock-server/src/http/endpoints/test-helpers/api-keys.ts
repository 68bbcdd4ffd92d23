import { createApiKey } from '../../../operations/api-keys/create.ts';
import { revokeApiKey } from '../../../operations/api-keys/revoke.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/** Test-helper API key endpoints: the dashboard's create and revoke. */
export const apiKeyEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testCreateApiKey',
    testOnly: true,
    operation: createApiKey,
    doc: {
      description: 'The key value appears only in this answer.',
      success: { description: 'The key record with its value.' },
    },
  }),
  endpoint({
    operationId: 'testRevokeApiKey',
    testOnly: true,
    operation: revokeApiKey,
    doc: {
      pathParameters: { id: { description: 'The API key id (its token id).' } },
      description: 'Takes effect on the next request.',
      success: { description: 'The revoked key record.' },
    },
  }),
];
