import { generateApiKey } from '@glm/domain';
import { ApiKeyCreateRequest } from '@glm/domain/test-helpers';
import { notFound, success } from '../http/answer.ts';
import { parseBody } from '../http/parse.ts';
import type { RouteDefinition } from '../http/route.ts';

/** Test-helper API key routes: the dashboard's create and revoke. */
export const apiKeyRoutes: readonly RouteDefinition[] = [
  {
    method: 'POST',
    path: '/test_helpers/api_keys',
    testOnly: true,
    handle({ engine, body }) {
      const parsed = parseBody(ApiKeyCreateRequest, body, 'test_helpers.api_key.create');
      if (!parsed.ok) return parsed.answer;
      for (;;) {
        const { key } = generateApiKey(parsed.value.mode, engine.random);
        const record = engine.keys.register(key, parsed.value.name, engine.nowIso());
        if (record !== undefined) return success(201, { ...record, key });
      }
    },
  },
  {
    method: 'DELETE',
    path: '/test_helpers/api_keys/:id',
    testOnly: true,
    handle({ engine, params }) {
      const record = engine.keys.revoke(params['id'] ?? '', engine.nowIso());
      return record === undefined ? notFound('API key') : success(200, record);
    },
  },
];
