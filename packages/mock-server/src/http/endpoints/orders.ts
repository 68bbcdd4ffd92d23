import { Order, OrderList } from '@glm/domain';
import { getOrder, listOrders } from '../../operations/orders/read.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { idOf } from '../openapi/operation-doc.ts';

/** Order endpoints: list (newest first, filtered by status, customer, reference and dates) and get. */
export const orderEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/orders',
    operation: listOrders,
    doc: {
      operationId: 'listOrders',
      summary: 'List orders, newest first',
      tag: 'Orders',
      success: { status: 200, schema: OrderList, description: 'One page of orders.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/orders/:id',
    operation: getOrder,
    doc: {
      operationId: 'getOrder',
      summary: 'Get an order',
      tag: 'Orders',
      pathParameters: { id: idOf('order', 'ord_') },
      success: { status: 200, schema: Order, description: 'The order.' },
      errors: ['not_found'],
    },
  }),
];
