import { ok } from '@glm/domain';
import { noSuch } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';

/** Revokes an API key: the API refuses it from the next request on. */
export const revokeApiKey = defineOperation({
  endpoint: {
    operationId: 'testRevokeApiKey',
    pathParameters: { id: { description: 'The API key id (its token id).' } },
    description: 'Takes effect on the next request.',
    success: { description: 'The revoked key record.' },
  },
  run({ engine }, _input, id) {
    const record = engine.keys.revoke(id, engine.nowIso());
    return record === undefined ? noSuch('API key') : ok(record);
  },
});
