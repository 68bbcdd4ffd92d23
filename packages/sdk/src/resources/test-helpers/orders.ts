import type { Dispute, Order } from '@glm/domain';
import type { DisputeOpenRequest, OrderFailRequest } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestOrders.dispute}: an optional reason. */
export type DisputeOpenParams = z.input<typeof DisputeOpenRequest>;

/** The body of {@link TestOrders.fail}: an optional reason, kept in the order's status history. */
export type OrderFailParams = z.input<typeof OrderFailRequest>;

/**
 * Plays what happens to orders after the payment: a cardholder's bank opens a dispute, or the
 * payment of an order that was only authorized (paid with the test card `4000000000000200`) is
 * captured or fails.
 */
export class TestOrders extends TestResource {
  /**
   * Captures an order whose payment was only authorized: it becomes `completed` with its payment
   * `captured`, and `order.completed` is sent. Any other order is refused with `409 conflict`.
   *
   * @example
   * const { order } = await glm.testHelpers.checkout.pay(session.checkout_id, { card_number: '4000000000000200' });
   * const completed = await glm.testHelpers.orders.capture(order!.id);
   */
  capture(id: string, options?: RequestOptions): APIPromise<Order> {
    return this.send(() => path`POST /v2/test_helpers/orders/${id}/capture`, 'Order', options, {});
  }

  /**
   * Fails an order whose payment was only authorized: order and payment become `failed`, and
   * `order.failed` is sent. Any other order is refused with `409 conflict`.
   */
  fail(id: string, params: OrderFailParams = {}, options?: RequestOptions): APIPromise<Order> {
    return this.send(() => path`POST /v2/test_helpers/orders/${id}/fail`, 'Order', options, params);
  }

  /** Opens a chargeback on a captured order. */
  dispute(id: string, params: DisputeOpenParams = {}, options?: RequestOptions): APIPromise<Dispute> {
    return this.send(() => path`POST /v2/test_helpers/orders/${id}/dispute`, 'Dispute', options, params);
  }
}
