import { createRefund } from '../../operations/refunds/create.ts';
import { getRefund, listRefunds } from '../../operations/refunds/read.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { idOf } from '../openapi/operation-doc.ts';

/** Refund endpoints: create, list (filters `order_id`, `status`) and get. */
export const refundEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'createRefund',
    operation: createRefund,
    doc: {
      description:
        '`amount_cents` (alias `amount`; both must agree) defaults to what is left to refund. Only a captured ' +
        'order with money left can be refunded (409 conflict); an amount above what is left is 400 invalid_amount. ' +
        'Emits `refund.created`, then `refund.succeeded` or `refund.failed`.',
      success: { description: 'The refund, status pending.' },
    },
  }),
  endpoint({
    operationId: 'listRefunds',
    operation: listRefunds,
    doc: {
      success: { description: 'One page of refunds.' },
    },
  }),
  endpoint({
    operationId: 'getRefund',
    operation: getRefund,
    doc: {
      pathParameters: { id: idOf('refund', 'ref_') },
      success: { description: 'The refund.' },
    },
  }),
];
