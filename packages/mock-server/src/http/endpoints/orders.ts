import { getOrder, listOrders } from '../../operations/orders/read.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { idOf } from '../openapi/operation-doc.ts';

/** Order endpoints: list (newest first, filtered by status, customer, reference and dates) and get. */
export const orderEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'listOrders',
    operation: listOrders,
    doc: {
      success: { description: 'One page of orders.' },
    },
  }),
  endpoint({
    operationId: 'getOrder',
    operation: getOrder,
    doc: {
      pathParameters: { id: idOf('order', 'ord_') },
      success: { description: 'The order.' },
    },
  }),
];
