import type { WebhookDelivery } from '@glm/domain';
import type { WebhookDeliveryListQuery, WebhookFlushResult } from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { PagePromise } from '../../pagination.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The filters and page size of {@link TestWebhookDeliveries.list}. */
export type WebhookDeliveryListParams = Partial<WebhookDeliveryListQuery>;

/** Webhook deliveries and their queue: list, flush and resend deliveries. */
export class TestWebhookDeliveries extends TestResource {
  /** Lists deliveries, newest first. */
  list(
    params: WebhookDeliveryListParams = {},
    options?: RequestOptions,
  ): PagePromise<WebhookDelivery, string> {
    return this.pages<WebhookDelivery, string>(
      '/v2/test_helpers/webhook_deliveries',
      params,
      'WebhookDeliveryList',
      options,
    );
  }

  /**
   * Attempts every delivery that is due now and resolves once their outcomes are recorded, with the
   * counts of the key's mode (attempted during the flush, still pending, delivered and failed).
   */
  flush(options?: RequestOptions): APIPromise<WebhookFlushResult> {
    return this.send('POST /v2/test_helpers/webhooks/flush', 'WebhookFlushResult', options, {});
  }

  /**
   * Makes one more attempt of a delivery now and resolves with the delivery after it. A failed delivery
   * starts its retry schedule again; a delivered one is sent again on purpose (a replay of the event,
   * with the same `x-webhook-id`, which your handler should deduplicate). A pending delivery, whose next
   * attempt is already on the way, is a `ConflictError`; an unknown id a `NotFoundError`.
   */
  resend(id: string, options?: RequestOptions): APIPromise<WebhookDelivery> {
    return this.send(
      () => path`POST /v2/test_helpers/webhook_deliveries/${id}/resend`,
      'WebhookDelivery',
      options,
      {},
    );
  }
}
