import { OrderListQuery } from '@glm/domain';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { asStored, listPage } from '../list-page.ts';
import { readOne } from '../read-one.ts';

/** One order. */
export const getOrder = readOne('order', (state, id) => state.orders.get(id), asStored, {
  operationId: 'getOrder',
  pathParameters: { id: idOf('order', 'ord_') },
  success: { description: 'The order.' },
});

/** One page of orders, newest first, filtered by status, customer, reference, subscription and dates. */
export const listOrders = defineOperation({
  endpoint: {
    operationId: 'listOrders',
    success: { description: 'One page of orders.' },
  },
  input: OrderListQuery,
  rules: 'order.list',
  run({ engine, mode }, query) {
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
  },
});
