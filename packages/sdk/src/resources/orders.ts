import type { Order, OrderListQuery } from '@glm/domain';
import type { APIPromise } from '../api-promise.ts';
import { path } from '../internal/path.ts';
import type { PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import { Resource } from './resource.ts';

/** The filters and page size of {@link Orders.list}. */
export type OrderListParams = Partial<OrderListQuery>;

/** Orders (`/v2/orders`): created by the service when a session or link is paid. */
export class Orders extends Resource {
  /** Fetches one order. */
  get(id: string, options?: RequestOptions): APIPromise<Order> {
    return this.send(() => path`GET /v2/orders/${id}`, 'Order', options);
  }

  /** Lists orders, newest first; iterate the result with `for await` to walk every page. */
  list(params: OrderListParams = {}, options?: RequestOptions): PagePromise<Order, string> {
    return this.pages<Order, string>('/v2/orders', params, 'OrderList', options);
  }
}
