import { type Order, type OrderListQuery, ok } from '@glm/domain';
import { noSuch, type Outcome } from '../../core/outcome.ts';
import type { Page } from '../../core/store/ordered-collection.ts';
import { asStored, listPage } from '../list-page.ts';
import type { OperationContext } from '../operation-context.ts';

/** One order. */
export function getOrder({ engine, mode }: OperationContext, id: string): Outcome<Order> {
  const order = engine.store.modes[mode].orders.get(id);
  return order === undefined ? noSuch('order') : ok(order);
}

/** One page of orders, newest first, filtered by status, customer, reference, subscription and dates. */
export function listOrders(
  { engine, mode }: OperationContext,
  query: OrderListQuery,
): Outcome<Page<Order, string>> {
  const { status, payment_status, customer_email, reference_id, subscription_id } = query;
  const email = customer_email?.toLowerCase();
  return listPage(engine.store.modes[mode].orders, query, {
    noun: 'order',
    where: (order) =>
      (status === undefined || order.status === status) &&
      (payment_status === undefined || order.payment_status === payment_status) &&
      (email === undefined || order.customer.email.toLowerCase() === email) &&
      (reference_id === undefined || order.reference_id === reference_id) &&
      (subscription_id === undefined || order.subscription_id === subscription_id),
    present: asStored,
  });
}
