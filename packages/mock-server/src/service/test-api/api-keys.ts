import { createApiKey } from '../../operations/api-keys/create.ts';
import { revokeApiKey } from '../../operations/api-keys/revoke.ts';
import type { CallOperation } from '../../operations/call-operation.ts';
import type { MockService } from '../mock-service.ts';

/** The API key test helpers of the JavaScript test API, in test mode. */
export function apiKeyTestApi(call: CallOperation): Pick<MockService, 'createApiKey' | 'revokeApiKey'> {
  return {
    createApiKey: (input) => call('test', createApiKey, input),
    revokeApiKey: (id) => call('test', revokeApiKey, undefined, id),
  };
}
