import type { Subscription, SubscriptionListQuery } from '@glm/domain';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { PagePromise } from '../../pagination.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The filters (`status`, `customer_id`) and page size of {@link TestSubscriptions.list}. */
export type SubscriptionListParams = Partial<SubscriptionListQuery>;

/** Reads subscriptions (the service answers them only to these test-mode reads). */
export class TestSubscriptions extends TestResource {
  /** Fetches one subscription. */
  get(id: string, options?: RequestOptions): APIPromise<Subscription> {
    return this.send(() => path`GET /v2/test_helpers/subscriptions/${id}`, 'Subscription', options);
  }

  /** Lists subscriptions, newest first, filtered by `status` and `customer_id`. */
  list(params: SubscriptionListParams = {}, options?: RequestOptions): PagePromise<Subscription, string> {
    return this.pages<Subscription, string>(
      '/v2/test_helpers/subscriptions',
      params,
      'SubscriptionList',
      options,
    );
  }
}
