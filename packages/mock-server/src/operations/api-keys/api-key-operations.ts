import { generateApiKey, ok } from '@glm/domain';
import type { ApiKeyCreateRequest } from '@glm/domain/test-helpers';
import type { ApiKeyRecord } from '../../core/keys/key-registry.ts';
import { noSuch, type Outcome } from '../../core/outcome.ts';
import type { OperationContext } from '../operation-context.ts';

/** Creates an API key of a mode; the answer is the only place its secret appears. */
export function createApiKey(
  { engine }: OperationContext,
  input: ApiKeyCreateRequest,
): Outcome<ApiKeyRecord & { readonly key: string }> {
  for (;;) {
    const { key } = generateApiKey(input.mode, engine.random);
    const record = engine.keys.register(key, input.name, engine.nowIso());
    if (record !== undefined) return ok({ ...record, key });
  }
}

/** Revokes an API key: the API refuses it from the next request on. */
export function revokeApiKey({ engine }: OperationContext, id: string): Outcome<ApiKeyRecord> {
  const record = engine.keys.revoke(id, engine.nowIso());
  return record === undefined ? noSuch('API key') : ok(record);
}
