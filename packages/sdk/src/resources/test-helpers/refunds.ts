import type { Refund } from '@glm/domain';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** Settles pending refunds. */
export class TestRefunds extends TestResource {
  /** Makes a pending refund succeed. */
  succeed(id: string, options?: RequestOptions): APIPromise<Refund> {
    return this.send(() => path`POST /v2/test_helpers/refunds/${id}/succeed`, 'Refund', options, {});
  }

  /** Makes a pending refund fail. */
  fail(id: string, options?: RequestOptions): APIPromise<Refund> {
    return this.send(() => path`POST /v2/test_helpers/refunds/${id}/fail`, 'Refund', options, {});
  }
}
