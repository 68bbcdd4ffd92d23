import type { ApiKey, ApiKeyWithKey } from '@glm/domain';
import type { ApiKeyCreateRequest } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestApiKeys.create}. */
export type ApiKeyCreateParams = z.input<typeof ApiKeyCreateRequest>;

/** The dashboard's API key operations, for test mode. */
export class TestApiKeys extends TestResource {
  /** Creates a key; the answer is the only time its value is shown. */
  create(params: ApiKeyCreateParams, options?: RequestOptions): APIPromise<ApiKeyWithKey> {
    return this.send('POST /v2/test_helpers/api_keys', 'ApiKeyWithKey', options, params);
  }

  /** Revokes a key; it stops working on the next request. */
  revoke(id: string, options?: RequestOptions): APIPromise<ApiKey> {
    return this.send(() => path`DELETE /v2/test_helpers/api_keys/${id}`, 'ApiKey', options);
  }
}
