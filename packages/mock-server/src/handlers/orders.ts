import { OrderListQuery } from '@glm/domain';
import { answerOf } from '../http/outcome.ts';
import { parseQuery } from '../http/parse.ts';
import { idOf } from '../openapi/operation-doc.ts';
import { getOrder, listOrders } from '../operations/orders.ts';
import { answerParsed, type Endpoint, idParam } from './endpoint.ts';

/** Order endpoints: list (newest first, filtered by status, customer, reference and dates) and get (4.8). */
export const orderEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/orders',
    handle: (context) =>
      answerParsed(parseQuery(OrderListQuery, context.query, 'order.list'), (query) =>
        listOrders(context, query),
      ),
    doc: {
      operationId: 'listOrders',
      summary: 'List orders, newest first',
      tag: 'Orders',
      query: OrderListQuery,
      validation: 'order.list',
      success: { status: 200, schema: 'OrderList', description: 'One page of orders.' },
    },
  },
  {
    method: 'GET',
    path: '/orders/:id',
    handle: (context) => answerOf(getOrder(context, idParam(context))),
    doc: {
      operationId: 'getOrder',
      summary: 'Get an order',
      tag: 'Orders',
      pathParameters: { id: idOf('order', 'ord_') },
      success: { status: 200, schema: 'Order', description: 'The order.' },
      errors: ['not_found'],
    },
  },
];
