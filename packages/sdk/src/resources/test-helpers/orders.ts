import type { Dispute } from '@glm/domain';
import type { DisputeOpenRequest } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestOrders.dispute}: an optional reason. */
export type DisputeOpenParams = z.input<typeof DisputeOpenRequest>;

/** Opens disputes on orders, as a cardholder's bank would. */
export class TestOrders extends TestResource {
  /** Opens a chargeback on a captured order. */
  dispute(id: string, params: DisputeOpenParams = {}, options?: RequestOptions): APIPromise<Dispute> {
    return this.call(
      () => ({ method: 'POST', path: path`/v2/test_helpers/orders/${id}/dispute`, body: params }),
      'Dispute',
      options,
    );
  }
}
