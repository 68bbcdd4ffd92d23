import type {
  WebhookEndpoint,
  WebhookEndpointDeleted,
  WebhookEndpointWithSecret,
  WebhookSecret,
} from '@glm/domain';
import type { WebhookEndpointCreateRequest, WebhookEndpointListQuery } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { PagePromise } from '../../pagination.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestWebhookEndpoints.create}. */
export type WebhookEndpointCreateParams = z.input<typeof WebhookEndpointCreateRequest>;

/** The page size and starting cursor of {@link TestWebhookEndpoints.list}. */
export type WebhookEndpointListParams = Partial<WebhookEndpointListQuery>;

/** The dashboard's webhook endpoint operations, for test mode. */
export class TestWebhookEndpoints extends TestResource {
  /**
   * Registers an endpoint; the answer is the only time its secret is shown. Pass `secret` (`whsec_` and
   * 32 letters or digits) to choose it, so the receiver keeps its configured secret when a suite
   * registers it again after a reset (which deletes every endpoint).
   */
  create(
    params: WebhookEndpointCreateParams,
    options?: RequestOptions,
  ): APIPromise<WebhookEndpointWithSecret> {
    return this.send('POST /v2/test_helpers/webhook_endpoints', 'WebhookEndpointWithSecret', options, params);
  }

  /** Lists the registered endpoints, newest first; iterate the result with `for await` to walk every page. */
  list(
    params: WebhookEndpointListParams = {},
    options?: RequestOptions,
  ): PagePromise<WebhookEndpoint, string> {
    return this.pages<WebhookEndpoint, string>(
      '/v2/test_helpers/webhook_endpoints',
      params,
      'WebhookEndpointList',
      options,
    );
  }

  /** Fetches one endpoint. */
  get(id: string, options?: RequestOptions): APIPromise<WebhookEndpoint> {
    return this.send(() => path`GET /v2/test_helpers/webhook_endpoints/${id}`, 'WebhookEndpoint', options);
  }

  /** Deletes an endpoint: it receives nothing more. The answer is the endpoint marked `deleted: true`. */
  delete(id: string, options?: RequestOptions): APIPromise<WebhookEndpointDeleted> {
    return this.send(
      () => path`DELETE /v2/test_helpers/webhook_endpoints/${id}`,
      'WebhookEndpointDeleted',
      options,
    );
  }

  /** The merchant's default secret, used to sign deliveries to a checkout's `metadata.webhook_url`. */
  defaultSecret(options?: RequestOptions): APIPromise<WebhookSecret> {
    return this.send('GET /v2/test_helpers/webhook_secret', 'WebhookSecret', options);
  }
}
