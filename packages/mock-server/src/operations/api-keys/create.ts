import { generateApiKey, ok } from '@glm/domain';
import { ApiKeyCreateRequest } from '@glm/domain/test-helpers';
import type { ApiKeyRecord } from '../../core/keys/key-registry.ts';
import type { Outcome } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';

/** Creates an API key of a mode; the answer is the only place its secret appears. */
export const createApiKey = defineOperation({
  endpoint: {
    operationId: 'testCreateApiKey',
    description: 'The key value appears only in this answer.',
    success: { description: 'The key record with its value.' },
  },
  input: ApiKeyCreateRequest,
  rules: 'test_helpers.api_key.create',
  run({ engine }, input): Outcome<ApiKeyRecord & { readonly key: string }> {
    for (;;) {
      const { key } = generateApiKey(input.mode, engine.random);
      const record = engine.keys.register(key, input.name, engine.nowIso());
      if (record !== undefined) return ok({ ...record, key });
    }
  },
});
