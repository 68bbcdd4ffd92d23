import type { Refund, RefundCreate, RefundListQuery } from '@glm/domain';
import type { z } from 'zod';
import type { APIPromise } from '../api-promise.ts';
import { path } from '../internal/path.ts';
import type { PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import { Resource } from './resource.ts';

/** The body of {@link Refunds.create}: omit `amount_cents` to refund what is left. */
export type RefundCreateParams = z.input<typeof RefundCreate>;
/** The filters and page size of {@link Refunds.list}. */
export type RefundListParams = Partial<RefundListQuery>;

/** Refunds (`/api/v2/refunds`). */
export class Refunds extends Resource {
  /** Refunds all or part of a captured order; the refund starts `pending`. */
  create(params: RefundCreateParams, options?: RequestOptions): APIPromise<Refund> {
    return this.send('POST /api/v2/refunds', 'Refund', options, params);
  }

  /** Fetches one refund, e.g. to see whether it has settled. */
  get(id: string, options?: RequestOptions): APIPromise<Refund> {
    return this.send(() => path`GET /api/v2/refunds/${id}`, 'Refund', options);
  }

  /** Lists refunds, newest first; iterate the result with `for await` to walk every page. */
  list(params: RefundListParams = {}, options?: RequestOptions): PagePromise<Refund, string> {
    return this.pages<Refund, string>('/api/v2/refunds', params, 'RefundList', options);
  }
}
