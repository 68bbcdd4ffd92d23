import type { Dispute, DisputeListQuery } from '@glm/domain';
import type { DisputeCloseRequest } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { PagePromise } from '../../pagination.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestDisputes.close}: the outcome of the dispute. */
export type DisputeCloseParams = z.input<typeof DisputeCloseRequest>;

/** The filters (`order_id`, `status`) and page size of {@link TestDisputes.list}. */
export type DisputeListParams = Partial<DisputeListQuery>;

/**
 * Reads and closes disputes. The service has no merchant API for disputes, so a test that opened one
 * reads it here (these reads exist only on the mock server).
 */
export class TestDisputes extends TestResource {
  /** Fetches one dispute. */
  get(id: string, options?: RequestOptions): APIPromise<Dispute> {
    return this.send(() => path`GET /v2/test_helpers/disputes/${id}`, 'Dispute', options);
  }

  /** Lists disputes, newest first, filtered by `order_id` and `status`. */
  list(params: DisputeListParams = {}, options?: RequestOptions): PagePromise<Dispute, string> {
    return this.pages<Dispute, string>('/v2/test_helpers/disputes', params, 'DisputeList', options);
  }

  /** Closes an open dispute with an outcome. */
  close(id: string, params: DisputeCloseParams, options?: RequestOptions): APIPromise<Dispute> {
    return this.send(() => path`POST /v2/test_helpers/disputes/${id}/close`, 'Dispute', options, params);
  }
}
