import type { JournalEntry, RequestListQuery } from '@glm/domain/test-helpers';
import type { PagePromise } from '../../pagination.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The filters and page size of {@link TestRequests.list}. */
export type RequestListParams = Partial<RequestListQuery>;

/**
 * The reference server's request journal: what it was asked and answered, newest first, with secrets
 * removed (the key shows only its mode and token id, card numbers their last four digits).
 */
export class TestRequests extends TestResource {
  /**
   * Lists journal entries, newest first, filtered by method, path (`:name` segments match any one
   * segment), operation, status or `Idempotency-Key`; iterate the result with `for await` to walk every
   * page.
   *
   * @example
   * const { data } = await glm.testHelpers.requests.list({ operation: 'createCheckoutSession' });
   */
  list(params: RequestListParams = {}, options?: RequestOptions): PagePromise<JournalEntry, string> {
    return this.pages<JournalEntry, string>('/v2/test_helpers/requests', params, 'RequestList', options);
  }
}
